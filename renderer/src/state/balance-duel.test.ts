// The Balance tab's exact duel (issue 25): hovering a grid cell asks the sim worker to solve its first hero against
// one enemy of the cell's template (BalanceState.askDuel, the worker's 'exact' request, runExact). The answer equals
// engine exactFight on the same duel within the studio's budget; it is cached per text, role, tier and hero; a changed
// text never reads the old answer; a duel over the budget answers with the engine's reason; a sweep over the grid
// solves only where it stops. The worker here runs the same runExact in-process, answering on a later task.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';

// BalanceState and the i18n state are Svelte 5 rune classes: outside the compiler, $state is the plain value.
vi.hoisted(() => {
  const plain = Object.assign(<T>(value: T): T => value, { raw: <T>(value: T): T => value });
  (globalThis as Record<string, unknown>).$state = plain;
});

import { composeFight, loadSystem, planGrid, sim, type SystemDocument } from '../../../engine/index';
import { BalanceState, duelFight, type DuelCell } from './balance.svelte';
import { runExact, STUDIO_EXACT_BUDGET } from '../workers/simulate';
import type { SimRequest, SimResponse } from '../workers/protocol';

const forged = readFileSync(new URL('../../../systems/forged.json', import.meta.url), 'utf8');
const classic = readFileSync(new URL('../../../systems/classic-d20.json', import.meta.url), 'utf8');

/** A stand-in for sim.worker.ts: answers 'exact' with runExact, as the worker does, and counts what it was asked. */
function fakeWorkers() {
  const asked: SimRequest[] = [];
  const create = (): Worker => {
    const worker = {
      onmessage: null as ((event: MessageEvent<SimResponse>) => void) | null,
      postMessage(request: SimRequest) {
        asked.push(request);
        setTimeout(() => {
          if (request.type !== 'exact') throw new Error(`unexpected ${request.type}`);
          const result = runExact(request.systemText, request.choice);
          const data: SimResponse = 'error' in result ? { type: 'failed', id: request.id, message: result.error } : { type: 'exactResult', id: request.id, ...result };
          worker.onmessage?.({ data } as MessageEvent<SimResponse>);
        }, 0);
      },
      terminate() {},
    };
    return worker as unknown as Worker;
  };
  return { asked, create };
}

/** A cell of the grid the Balance tab runs (engine planGrid), as the panel hands it over. */
function cellOf(text: string, party: string, role: string, tier: number): DuelCell {
  const plan = planGrid(JSON.parse(text) as SystemDocument, { party, fights: 10, seed: 1 });
  if (typeof plan === 'string') throw new Error(plan);
  const cell = plan.cells.find((c) => c.role === role && c.tier === tier);
  if (!cell) throw new Error(`no cell ${role} ${tier}`);
  return cell;
}

/** engine exactFight on the duel written out by hand: the hero against one template enemy, the grid's 100 rounds. */
function engineDuel(text: string, hero: string, role: string, tier: number) {
  const loaded = loadSystem(JSON.parse(text) as SystemDocument);
  if (!loaded.ok) throw new Error(loaded.diagnostics[0]?.message);
  const composed = composeFight(loaded.system, { id: 'duel', heroes: [hero], enemies: [{ template: { role, tier } }], maxRounds: 100 });
  if (!composed.ok) throw new Error(composed.error);
  return sim.exactFight(loaded.system, composed.fight, STUDIO_EXACT_BUDGET);
}

describe('the Balance tab\'s exact duel against one hero', () => {
  it('answers what engine exactFight answers for the same duel, once per text, role, tier and hero', async () => {
    const workers = fakeWorkers();
    const balance = new BalanceState(() => { throw new Error('no balance worker needed'); }, workers.create);
    const cell = cellOf(forged, 'risky-standard', 'standard', 2);
    const duel = duelFight(cell, 'cutter');
    expect(duel.heroes.map((h) => (typeof h === 'string' ? h : h.hero))).toEqual(['cutter']);
    expect(duel).toMatchObject({ enemies: [{ template: { role: 'standard', tier: 2 } }], maxRounds: 100 });
    expect(balance.duelAnswer(forged, 'standard', 2, 'cutter')).toBeNull();
    await balance.askDuel(forged, cell, 'cutter');
    const engine = engineDuel(forged, 'cutter', 'standard', 2);
    if (!engine.exact) throw new Error(engine.reason);
    expect(balance.duelAnswer(forged, 'standard', 2, 'cutter')).toEqual({ kind: 'exact', win: engine.winChance.heroes, states: engine.states });
    expect(engine.winChance.heroes).toBeCloseTo(0.61487, 4);
    // Asked again (the pointer back on the cell): answered from the cache, the worker not asked.
    await balance.askDuel(forged, cell, 'cutter');
    expect(workers.asked).toHaveLength(1);
    // Another hero of the party is another duel.
    await balance.askDuel(forged, cell, 'hound');
    expect(workers.asked).toHaveLength(2);
    const hound = engineDuel(forged, 'hound', 'standard', 2);
    expect(balance.duelAnswer(forged, 'standard', 2, 'hound')).toEqual(hound.exact ? { kind: 'exact', win: hound.winChance.heroes, states: hound.states } : null);
  });

  it('a changed document does not reuse the answer: it is asked again and answers for the new text', async () => {
    const workers = fakeWorkers();
    const balance = new BalanceState(() => { throw new Error('no balance worker needed'); }, workers.create);
    await balance.askDuel(forged, cellOf(forged, 'risky-standard', 'standard', 2), 'cutter');
    const doc = JSON.parse(forged) as { templates: { role: string; harm: string }[] };
    doc.templates.find((t) => t.role === 'standard')!.harm = '4';
    const edited = JSON.stringify(doc, null, 2);
    expect(balance.duelAnswer(edited, 'standard', 2, 'cutter')).toBeNull();
    await balance.askDuel(edited, cellOf(edited, 'risky-standard', 'standard', 2), 'cutter');
    expect(workers.asked).toHaveLength(2);
    expect((workers.asked[1] as { systemText: string }).systemText).toBe(edited);
    const engine = engineDuel(edited, 'cutter', 'standard', 2);
    if (!engine.exact) throw new Error(engine.reason);
    const answer = balance.duelAnswer(edited, 'standard', 2, 'cutter');
    expect(answer).toEqual({ kind: 'exact', win: engine.winChance.heroes, states: engine.states });
    expect(answer?.kind === 'exact' && answer.win).toBeLessThan(0.61); // was 61.49%: a harder standard
    // The old text's answer is gone (a stale answer is never shown), and asked again it is solved again.
    expect(balance.duelAnswer(forged, 'standard', 2, 'cutter')).toBeNull();
  });

  it('a duel over the studio\'s budget answers "too big" with the engine\'s reason, and a sweep solves where it stops', async () => {
    const workers = fakeWorkers();
    const balance = new BalanceState(() => { throw new Error('no balance worker needed'); }, workers.create);
    const cell = cellOf(classic, 'pair-1', 'minion', 1);
    await balance.askDuel(classic, cell, 'fighter1');
    const engine = engineDuel(classic, 'fighter1', 'minion', 1);
    if (engine.exact) throw new Error('expected the duel over the budget');
    expect(balance.duelAnswer(classic, 'minion', 1, 'fighter1')).toEqual({ kind: 'tooBig', states: engine.states, reason: engine.reason });
    expect(engine.reason).toMatch(/more than 30,000 runs/);
    // Three cells passed over while the first is solved: the second is never asked, the last is.
    const passing = [cellOf(forged, 'risky-standard', 'minion', 1), cellOf(forged, 'risky-standard', 'elite', 1), cellOf(forged, 'risky-standard', 'boss', 1)];
    const sweep = passing.map((c) => balance.askDuel(forged, c, 'cutter'));
    await Promise.all(sweep);
    expect(workers.asked.slice(1).map((r) => r.type === 'exact' && r.choice.kind === 'composed' && r.choice.fight.enemies[0]))
      .toEqual([{ template: { role: 'minion', tier: 1 } }, { template: { role: 'boss', tier: 1 } }]);
    expect(balance.duelAnswer(forged, 'elite', 1, 'cutter')).toBeNull();
    expect(balance.duelAnswer(forged, 'boss', 1, 'cutter')?.kind).toBe('exact');
  });
});
