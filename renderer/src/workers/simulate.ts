// The simulator behind the sim worker: parse the system, build the fight, run it (engine/sim).
import type { BatchStats, FightChoice, FightEvent } from './protocol';

export type Failure = { readonly error: string };

export function runFightLog(_systemText: string, _choice: FightChoice, _seed: number): { events: FightEvent[] } | Failure {
  return { error: 'The simulator (engine/sim) has not landed yet.' };
}

export function runBatch(
  _systemText: string,
  _choice: FightChoice,
  _seed: number,
  _fights: number,
  _progress: (done: number, total: number) => void,
): { stats: BatchStats } | Failure {
  return { error: 'The simulator (engine/sim) has not landed yet.' };
}
