// The chips in Portuguese: every chip of every sample fight of the seed systems and games, translated, holds none of
// the engine's English chip words; the document's own words (names, labels, outcomes, types) stay as written; English
// is left as it is.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SystemDocument } from '../schema/document';
import { fightLog, loadSystem } from '../sim/index';
import { ENGLISH_CHIP_WORDS, translateChip } from './chips';

const files = [
  ...readdirSync('systems').filter((f) => f.endsWith('.json')).map((f) => `systems/${f}`),
  ...readdirSync('systems/games').filter((f) => f.endsWith('.json')).map((f) => `systems/games/${f}`),
];

function chipsOf(file: string): string[] {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as SystemDocument;
  const loaded = loadSystem(doc);
  if (!loaded.ok) throw new Error(`${file}: ${loaded.diagnostics[0]!.message}`);
  const out: string[] = [];
  for (const fight of loaded.system.fights.keys()) {
    for (const seed of [1, 2]) {
      for (const e of fightLog(loaded.system, fight, seed)) if ('chip' in e && typeof e.chip === 'string' && e.chip !== '') out.push(e.chip);
    }
  }
  return out;
}

describe('translateChip', () => {
  it('rewrites the engine words of each kind of chip and keeps the document words', () => {
    const pt = (s: string) => translateChip(s, 'pt-BR');
    expect(pt('d20 (14) + 3 Strength + 2 prof = 19 vs 13 · Hit\nInfluenced by: Prone (near): advantage · Poisoned: disadvantage'))
      .toBe('d20 (14) + 3 Strength + 2 prof = 19 contra 13 · Hit\nInfluenciado por: Prone (near): vantagem · Poisoned: desvantagem');
    expect(pt('Hexed: edge -2')).toBe('Hexed: vantagem -2');
    expect(pt('2d6 (9) → Resistance = 4 fire (crit: dice doubled)')).toBe('2d6 (9) → Resistance = 4 fire (crítico: dados dobrados)');
    expect(pt('8d6 (28) (saved: half)')).toBe('8d6 (28) (resistiu: metade)');
    expect(pt('Duelist strikes back: 2')).toBe('Duelist contra-ataca: 2');
    expect(pt('Shield: defence 20 · Miss')).toBe('Shield: defesa 20 · Miss');
    expect(pt('Uncanny Dodge: success')).toBe('Uncanny Dodge: sucesso');
    expect(pt('Lucky, keeping 6, 4: 9 → 12 · Hit')).toBe('Lucky, mantendo 6, 4: 9 → 12 · Hit');
    expect(pt('Goblin 2: opportunity attack')).toBe('Goblin 2: ataque de oportunidade');
    expect(pt('Orc 1 enters the fight (near)')).toBe('Orc 1 entra na luta (near)');
    expect(pt('Fighter 5: (6, 2) → (9, 2), 3 squares')).toBe('Fighter 5: (6, 2) → (9, 2), 3 quadrados');
    expect(pt('Cutter draws Queen of Hearts')).toBe('Cutter tira Queen of Hearts');
    expect(pt('Bloodlust: +1 damage until the end of the turn, after Cutter defeated Goblin 2'))
      .toBe('Bloodlust: +1 damage until the end of the turn, depois que Cutter derrotou Goblin 2');
    expect(pt("Rage: as Berserker 5's turn starts")).toBe('Rage: no início do turno de Berserker 5');
    // English, and a name that holds an engine word, stay as they are.
    expect(translateChip('d20 (3) = 3 vs 12 · Miss', 'en')).toBe('d20 (3) = 3 vs 12 · Miss');
    expect(pt('Advantage Seeker: Rally')).toBe('Advantage Seeker: Rally');
  });

  it.each(files)('leaves no engine English in the chips of %s', (file) => {
    const chips = chipsOf(file);
    expect(chips.length).toBeGreaterThan(0);
    const left = chips.map((c) => translateChip(c, 'pt-BR')).filter((c) => ENGLISH_CHIP_WORDS.some((w) => w.test(c)));
    expect(left.slice(0, 5)).toEqual([]);
  });

  it('the English words are found in the English chips (the check above can fail)', () => {
    const chips = chipsOf('systems/classic-d20.json');
    expect(chips.filter((c) => ENGLISH_CHIP_WORDS.some((w) => w.test(c))).length).toBeGreaterThan(10);
  });
});
