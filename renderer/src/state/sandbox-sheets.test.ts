// Which enemies of a sample fight keep a pinned sheet and which follow their template, named as the fight names them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { outlineOf, sheetsOf } from './sandbox.svelte';

describe('the sandbox marks pinned enemies', () => {
  it("reads each sample fight's enemy entries: template or not, pinned or not, with the fight's names", () => {
    const doc = JSON.parse(readFileSync('systems/classic-d20.json', 'utf8')) as { fights: { id: string; enemies: Record<string, unknown>[] }[] };
    const fight = doc.fights.find((f) => f.id === 'boss-tier-4')!;
    fight.enemies[0]!.pinned = { tracks: { hp: 130 } };
    fight.enemies.push({ bestiary: 'goblin', count: 2 }, { template: { role: 'elite', tier: 3 }, count: 1 });
    const entries = outlineOf(JSON.stringify(doc)).enemies.get('boss-tier-4')!;
    expect(entries.map((e) => [e.idBase, e.count, e.template?.role ?? null, e.pinned])).toEqual([
      ['boss', 1, 'boss', true], ['elite', 2, 'elite', false], ['goblin', 2, null, false], ['elite', 1, 'elite', false],
    ]);
    expect([...sheetsOf(entries)]).toEqual([['boss-1', 'pinned'], ['elite-1', 'template'], ['elite-2', 'template'], ['elite-3', 'template']]);
  });

  it('an entry with its own id names its enemies by it', () => {
    expect([...sheetsOf([{ idBase: 'ogre', count: 2, template: { role: 'elite', tier: 4 }, pinned: true }])]).toEqual([['ogre-1', 'pinned'], ['ogre-2', 'pinned']]);
  });
});
