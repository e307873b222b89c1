// The simulator behind the sim worker: parse the system, load it (every formula compiled once), compose or find
// the fight, then run one fight with its event log or a slice of a batch with streaming statistics (engine/sim).
import { composeFight, loadSystem, sim, simulatePartial, type FightDef, type FightEvent, type System, type TurnOffer, type TurnStep } from '../../../engine/index';
import type { SystemDocument } from '../../../engine/index';
import type { BatchPart, FightChoice } from './protocol';

export type Failure = { readonly error: string };

/** The last system loaded, by text: re-running the same text (new seed, batch after stepping) skips the load. */
let cached: { text: string; system: System } | null = null;

function load(systemText: string): System | Failure {
  if (cached?.text === systemText) return cached.system;
  let doc: SystemDocument;
  try {
    doc = JSON.parse(systemText) as SystemDocument;
  } catch (error) {
    return { error: `The system is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const loaded = loadSystem(doc);
  if (!loaded.ok) {
    const first = loaded.diagnostics[0];
    return { error: `The system cannot fight yet: ${first ? first.message : 'unknown problem'}` };
  }
  cached = { text: systemText, system: loaded.system };
  return loaded.system;
}

function fightOf(system: System, choice: FightChoice): FightDef | string | Failure {
  if (choice.kind === 'document') return choice.fightId;
  const composed = composeFight(system, choice.fight);
  return composed.ok ? composed.fight : { error: composed.error };
}

const failed = (x: unknown): x is Failure => typeof x === 'object' && x !== null && 'error' in x;

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The studio's budget for an exact answer: a fraction of a second on an idle core, so a big fight answers "too big" quickly. */
export const STUDIO_EXACT_BUDGET = { maxStates: 10_000, maxRuns: 30_000 } as const;

/** The heroes' exact win chance of the chosen fight, or null with the reason when it is over the studio's budget. */
export function runExact(systemText: string, choice: FightChoice): { win: number | null; states: number; reason: string | null } | Failure {
  const system = load(systemText);
  if (failed(system)) return system;
  const fight = fightOf(system, choice);
  if (failed(fight)) return fight;
  const def = typeof fight === 'string' ? system.fights.get(fight) : fight;
  if (!def) return { error: `unknown fight '${String(fight)}'` };
  try {
    const out = sim.exactFight(system, def, STUDIO_EXACT_BUDGET);
    return out.exact ? { win: out.winChance.heroes, states: out.states, reason: null } : { win: null, states: out.states, reason: out.reason };
  } catch (error) {
    return { error: message(error) };
  }
}

/** Thrown by the chooser at a played hero's turn with no choice yet: the fight stops there and offers it. */
class AwaitChoice extends Error {
  constructor(readonly offer: TurnOffer) { super('waiting for a choice'); }
}

/**
 * One fight's log. The heroes in `played` take the steps in `choices`, one entry a turn of theirs in order; at the
 * first such turn with none, the fight stops there and answers what that hero may do (`offer`). The engine rolls
 * every die: the same seed and the same choices give the same fight.
 */
export function runFightLog(systemText: string, choice: FightChoice, seed: number, played: readonly string[] = [],
  choices: readonly (readonly TurnStep[])[] = []): { events: FightEvent[]; offer: TurnOffer | null } | Failure {
  const system = load(systemText);
  if (failed(system)) return system;
  const fight = fightOf(system, choice);
  if (failed(fight)) return fight;
  const events: FightEvent[] = [];
  let turn = 0;
  const chooser = played.length === 0 ? undefined : (offer: TurnOffer): readonly TurnStep[] | null => {
    if (!played.includes(offer.actor)) return null;
    const steps = choices[turn++];
    if (!steps) throw new AwaitChoice(offer);
    return steps;
  };
  try {
    sim.runFight(system, fight, seed, (e) => events.push(e), undefined, chooser);
    return { events, offer: null };
  } catch (error) {
    const cause = error instanceof Error ? error.cause : undefined;
    if (error instanceof AwaitChoice) return { events, offer: error.offer };
    if (cause instanceof AwaitChoice) return { events, offer: cause.offer };
    return { error: message(error) };
  }
}

/**
 * Fights `from .. from + fights - 1` of a batch (fight i seeded by its index, as `sim` does), as partial statistics:
 * the sandbox splits a batch among its workers and merges the parts (batchParts.ts), and any split gives the same
 * answer as one worker running them all.
 */
export function runBatchPart(
  systemText: string,
  choice: FightChoice,
  seed: number,
  from: number,
  fights: number,
  progress: (done: number) => void,
): { part: BatchPart } | Failure {
  const system = load(systemText);
  if (failed(system)) return system;
  const fight = fightOf(system, choice);
  if (failed(fight)) return fight;
  try {
    const every = Math.max(1, Math.min(1000, Math.floor(fights / 100)));
    const accumulator = simulatePartial(system, fight, { fights, seed, from, progressEvery: every, onProgress: progress });
    progress(fights);
    return {
      part: {
        system: system.id, fight: typeof fight === 'string' ? fight : fight.id, from,
        tallyKeys: system.tallyKeys, partial: accumulator.toPartial(),
      },
    };
  } catch (error) {
    return { error: message(error) };
  }
}
