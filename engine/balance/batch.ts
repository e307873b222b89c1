// A batch of fights reduced to what balance questions need: wins, draws, whether any hero went down or died, and the
// rounds (streamed with Welford). Fight i of a batch is seeded deriveSeed(seed, i), exactly as `sim` seeds it, so a
// batch and `sim --seed S` agree, and two versions of a system fight the same dice (common random numbers).
import { deriveSeed } from '../dice/rng';
import { ConsequencesRunner } from '../sim/consequences';
import { FightRunner, type FightResult } from '../sim/fight';
import { anyHeroDead, anyHeroFell } from '../sim/stats';
import type { FightDef, System } from '../sim/model';
import { meanInterval, RunningMean, wilson, type Estimate, type MeanState } from './stats';

/** Plain data of a batch (what workers send back, what history records). */
export interface BatchState {
  readonly fights: number;
  readonly heroWins: number;
  readonly enemyWins: number;
  readonly draws: number;
  /** Fights in which at least one hero went down. */
  readonly heroDown: number;
  /** Fights in which at least one hero died (a hero down but dying or stable at the end is not dead). */
  readonly heroDied: number;
  readonly rounds: MeanState;
}

export interface BatchSummary {
  readonly fights: number;
  /** Heroes' win rate. */
  readonly winRate: Estimate;
  readonly drawRate: Estimate;
  /** Chance that at least one hero goes down. */
  readonly heroDown: Estimate;
  /** Chance that at least one hero dies. */
  readonly heroDied: Estimate;
  readonly rounds: Estimate;
}

export class BatchAccumulator {
  fights = 0;
  heroWins = 0;
  enemyWins = 0;
  draws = 0;
  heroDown = 0;
  heroDied = 0;
  readonly rounds = new RunningMean();

  add(result: FightResult): void {
    this.fights++;
    if (result.winner === 'heroes') this.heroWins++;
    else if (result.winner === 'enemies') this.enemyWins++;
    else this.draws++;
    if (anyHeroFell(result)) this.heroDown++;
    if (anyHeroDead(result)) this.heroDied++;
    this.rounds.add(result.rounds);
  }

  toState(): BatchState {
    return { fights: this.fights, heroWins: this.heroWins, enemyWins: this.enemyWins, draws: this.draws, heroDown: this.heroDown, heroDied: this.heroDied, rounds: this.rounds.toState() };
  }
}

export function summarize(state: BatchState): BatchSummary {
  return {
    fights: state.fights,
    winRate: wilson(state.heroWins, state.fights),
    drawRate: wilson(state.draws, state.fights),
    heroDown: wilson(state.heroDown, state.fights),
    heroDied: wilson(state.heroDied, state.fights),
    rounds: meanInterval(state.rounds),
  };
}

/** One fight definition fought again and again with one reusable runner (no allocation per fight beyond the fight's). */
export class Fighter {
  private runner: FightRunner | null = null;

  constructor(readonly system: System, readonly fight: FightDef) {}

  fightWith(seed: number): FightResult {
    if (this.runner) this.runner.reset(seed);
    else this.runner = this.system.mode === 'consequences' ? new ConsequencesRunner(this.system, this.fight, seed) : new FightRunner(this.system, this.fight, seed);
    return this.runner.run();
  }
}

export interface BatchOptions {
  readonly fights: number;
  readonly seed: number;
  /** First fight index; default 0. */
  readonly from?: number;
}

/** Fights `from .. from + fights - 1` of `fight`, fight i seeded deriveSeed(seed, i). Throws SimError mid-fight. */
export function runBatch(system: System, fight: FightDef, options: BatchOptions): BatchState {
  const fighter = new Fighter(system, fight);
  const acc = new BatchAccumulator();
  const from = options.from ?? 0;
  for (let i = 0; i < options.fights; i++) {
    acc.add(fighter.fightWith(deriveSeed(options.seed, from + i)));
  }
  return acc.toState();
}
