// The condition lifecycle (issue 22, item 4): a condition refreshed when put on again (`refresh`), one that ends at the
// start of its holder's turn (`ends: turnStart`), conditions taken off by an outcome (`removes`, `removesOwn`); and,
// already in the format, one consumed on its next use (`charges`) and `rounds: 1` lasting to the end of the holder's
// next turn whoever put it on (issue 21). On a fixture where the striker always hits first and the dummy always misses.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSystem } from '../../engine/schema';
import { validateEvent } from '../../engine/schema/generated/validators';
import type { SystemDocument } from '../../engine/schema/document';
import { fightLog, loadSystem, type FightEvent, type System } from '../../engine/sim';

interface Doc {
  checks: { attack: { outcomes: Record<string, unknown>[] } };
  conditions: Record<string, unknown>[];
  heroes: Record<string, unknown>[];
  fights: { enemies: Record<string, unknown>[] }[];
}

const text = readFileSync(new URL('./condition-lifecycle.json', import.meta.url), 'utf8');
const fixture = (): Doc => JSON.parse(text) as Doc;

function load(doc: Doc): System {
  const loaded = loadSystem(doc as unknown as SystemDocument);
  if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('\n'));
  return loaded.system;
}

const condition = (doc: Doc, id: string): Record<string, unknown> => doc.conditions.find((c) => c.id === id)!;
const hit = (doc: Doc): Record<string, unknown> => doc.checks.attack.outcomes[0]!;

/** The fight as turns, checks and condition changes: `2 striker`, `2 hit`, `2 dummy-1 marked refreshed`. */
function story(doc: Doc, rounds = 4): string[] {
  const events = fightLog(load(doc), 'spar', 1);
  for (const e of events) expect(validateEvent(e), JSON.stringify(validateEvent.errors)).toBe(true);
  return events.flatMap((e: FightEvent) => {
    const round = 'round' in e ? e.round : 0;
    if (round < 1 || round > rounds) return [];
    if (e.type === 'turn') return [`${e.round} ${e.actor}`];
    if (e.type === 'check' && e.actor === 'striker' && e.outcome !== null) return [`${e.round} ${e.outcome}`];
    if (e.type === 'condition') return [`${e.round} ${e.target} ${e.condition} ${e.change}`];
    return [];
  });
}

const changes = (lines: string[]): string[] => lines.filter((l) => / (applied|refreshed|ended|saved)$/.test(l));

describe('refresh: put on again while held, a condition starts over', () => {
  it('without refresh, a hit every round cannot keep `marked` (rounds 2) on: it runs out and is put on anew', () => {
    const doc = fixture();
    hit(doc).inflicts = ['marked'];
    expect(changes(story(doc))).toEqual(['1 dummy-1 marked applied', '2 dummy-1 marked ended', '3 dummy-1 marked applied', '4 dummy-1 marked ended']);
  });

  it('with refresh, every hit starts it over (a `refreshed` event), so it never runs out', () => {
    const doc = fixture();
    hit(doc).inflicts = ['marked'];
    condition(doc, 'marked').refresh = true;
    expect(changes(story(doc))).toEqual(['1 dummy-1 marked applied', '2 dummy-1 marked refreshed', '3 dummy-1 marked refreshed', '4 dummy-1 marked refreshed']);
  });

  it('a refreshed condition\'s charges start over too: `focus` (charges 2, put on by every hit) never runs out', () => {
    const doc = fixture();
    hit(doc).applies = ['focus'];
    // Without refresh: the hits of rounds 2 and 3 use its two charges, it ends after the third check, and that
    // check's hit puts it on anew.
    expect(changes(story(doc))).toEqual(['1 striker focus applied', '3 striker focus ended', '3 striker focus applied']);
    condition(doc, 'focus').refresh = true;
    expect(changes(story(doc))).toEqual(['1 striker focus applied', '2 striker focus refreshed', '3 striker focus refreshed', '4 striker focus refreshed']);
  });
});

describe('ends: turnStart: rounds that run out at the start of the holder\'s turn', () => {
  it('put on by the holder itself, `rounds: 1, ends: turnStart` ends as its next turn starts, before it acts', () => {
    const doc = fixture();
    hit(doc).applies = ['braced'];
    condition(doc, 'braced').ends = 'turnStart';
    expect(story(doc, 2).filter((l) => !/dummy/.test(l))).toEqual(['1 striker', '1 hit', '1 striker braced applied', '2 striker', '2 striker braced ended', '2 hit', '2 striker braced applied']);
  });

  it('put on by a foe, it ends as the holder\'s next turn starts (the dummy is marked by the striker\'s hit)', () => {
    const doc = fixture();
    hit(doc).inflicts = ['braced'];
    condition(doc, 'braced').ends = 'turnStart';
    expect(story(doc, 2)).toEqual(['1 striker', '1 hit', '1 dummy-1 braced applied', '1 dummy-1', '1 dummy-1 braced ended', '2 striker', '2 hit', '2 dummy-1 braced applied', '2 dummy-1', '2 dummy-1 braced ended']);
  });

  it('the default (turnEnd): `rounds: 1` put on by the holder lasts through its next turn, to that turn\'s end (issue 21)', () => {
    const doc = fixture();
    hit(doc).applies = ['braced'];
    const lines = story(doc, 3).filter((l) => !/dummy/.test(l));
    expect(lines).toEqual(['1 striker', '1 hit', '1 striker braced applied', '2 striker', '2 hit', '2 striker braced ended', '3 striker', '3 hit', '3 striker braced applied']);
  });

  it('the checker refuses an unknown `ends`, at the field', () => {
    const doc = fixture();
    condition(doc, 'braced').ends = 'roundEnd';
    const found = checkSystem(JSON.stringify(doc, null, 2)).diagnostics.filter((d) => d.severity === 'error');
    expect(found.map((d) => d.pointer)).toContain('/conditions/1/ends');
  });
});

describe('an outcome takes conditions off: removes (the target), removesOwn (the one who rolled)', () => {
  it('a hit takes Guarded off the dummy and Winded off the striker, each an `ended` event', () => {
    const doc = fixture();
    doc.fights[0]!.enemies[0]!.conditions = ['guarded'];
    doc.heroes[0]!.conditions = ['winded'];
    hit(doc).removes = ['guarded'];
    hit(doc).removesOwn = ['winded'];
    expect(changes(story(doc))).toEqual(['1 dummy-1 guarded ended', '1 striker winded ended']);
  });

  it('taken off before the outcome puts its own on: removes then inflicts the same condition starts it over', () => {
    const doc = fixture();
    hit(doc).inflicts = ['marked'];
    hit(doc).removes = ['marked'];
    expect(changes(story(doc, 2))).toEqual(['1 dummy-1 marked applied', '2 dummy-1 marked ended', '2 dummy-1 marked applied']);
  });

  it('the checker refuses an unknown condition in removes and removesOwn, at the entry', () => {
    const doc = fixture();
    hit(doc).removes = ['nope'];
    hit(doc).removesOwn = ['gone'];
    const pointers = checkSystem(JSON.stringify(doc, null, 2)).diagnostics.filter((d) => d.severity === 'error').map((d) => d.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/checks/attack/outcomes/0/removes/0', '/checks/attack/outcomes/0/removesOwn/0']));
  });
});

describe('consumed on its next use: charges (already in the format, issue 21)', () => {
  it('a boost with `charges: 1` is used by the holder\'s next check and ends after it', () => {
    const doc = fixture();
    doc.heroes[0]!.conditions = ['boost'];
    expect(story(doc, 2).filter((l) => !/dummy/.test(l))).toEqual(['1 striker', '1 miss', '1 striker boost ended', '2 striker', '2 hit']);
  });
});

describe('ends: sourceTurnEnd: a condition counted on the turns of the one who put it on', () => {
  it('`rounds: 1` put on by the striker on its turn lasts to the end of its next turn, past the dummy\'s turn between', () => {
    const doc = fixture();
    hit(doc).inflicts = ['braced'];
    Object.assign(condition(doc, 'braced'), { ends: 'sourceTurnEnd' });
    const lines = story(doc, 3);
    // Put on in round 1 during the striker's turn; the dummy's turn in round 1 does not end it; the striker's in round 2 does.
    const ended = lines.indexOf('2 dummy-1 braced ended');
    expect(lines.slice(0, 4)).toEqual(['1 striker', '1 hit', '1 dummy-1 braced applied', '1 dummy-1']);
    expect(ended).toBeGreaterThan(lines.indexOf('2 striker'));
    expect(ended).toBeLessThan(lines.indexOf('2 dummy-1'));
    // The holder's own turns would have ended it at the end of the dummy's turn in round 1.
    Object.assign(condition(doc, 'braced'), { ends: 'turnEnd' });
    expect(story(doc, 2)).toContain('1 dummy-1 braced ended');
  });
});
