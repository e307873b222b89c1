// Balance diff: the same fights under two versions of a system. Fight i of both versions is seeded alike
// (deriveSeed(seed, i), as `sim` seeds it), so both versions roll the same dice as far as their rules let them
// (common random numbers); the change is judged on the per-fight differences with a paired t-test, which is far
// tighter than comparing two independent batches. Significance is corrected with Holm over every compared number
// (each fight's win rate and mean rounds, and the chance a hero dies where a hero died in either version: a test with no
// death on either side can never reject, so it only weakens the others), so a diff of twenty fights does not cry wolf
// once by chance.
import { deriveSeed } from '../dice/rng';
import type { System } from '../sim/model';
import { runProblem } from '../sim/options';
import { anyHeroDead } from '../sim/stats';
import { BatchAccumulator, Fighter, summarize, type BatchSummary } from './batch';
import { holm, pairedTTest, RunningMean, twoProportionZTest, welchTTest, type Estimate, type Interval } from './stats';

export interface DiffOptions {
  readonly fights: number;
  readonly seed: number;
  /** Only this fight; default every fight of either version. */
  readonly fight?: string;
  /** Only these fights (with `fight`, the one of them it names). */
  readonly among?: readonly string[];
}

export interface MetricChange {
  readonly a: Estimate;
  readonly b: Estimate;
  /** B minus A. */
  readonly delta: number;
  /** 95% interval of the delta (paired). */
  readonly interval: Interval;
  /** Paired t-test, two-sided. */
  readonly p: number;
  /** Holm-adjusted over every number compared in this diff. */
  readonly pAdjusted: number;
  readonly significant: boolean;
  /** The unpaired test (two-proportion z for win rates, Welch for rounds): what independent batches would say. */
  readonly pUnpaired: number;
}

export interface FightDiff {
  readonly fight: string;
  readonly name: string;
  readonly a: BatchSummary;
  readonly b: BatchSummary;
  readonly winRate: MetricChange;
  readonly rounds: MetricChange;
  /** The chance a hero dies; present when a hero died in either version (else there is nothing to compare). */
  readonly heroDied?: MetricChange;
}

export interface DiffResult {
  readonly a: string;
  readonly b: string;
  readonly fights: number;
  readonly seed: number;
  readonly correction: 'holm';
  readonly compared: readonly FightDiff[];
  readonly onlyInA: readonly string[];
  readonly onlyInB: readonly string[];
  /** Fights that stopped in either version (a formula failing mid-fight). */
  readonly failed: readonly { readonly fight: string; readonly message: string }[];
}

interface Raw {
  readonly id: string;
  readonly name: string;
  readonly a: BatchAccumulator;
  readonly b: BatchAccumulator;
  readonly winDiff: RunningMean;
  readonly roundsDiff: RunningMean;
  readonly diedDiff: RunningMean;
}

/**
 * Fight the fights of both versions side by side; `a`/`b` label the versions (file names, "saved"/"edited").
 * `onProgress`: the fights done (each in both versions) of the total, now and then.
 */
export function diffSystems(a: System, b: System, options: DiffOptions, labels: { a: string; b: string } = { a: a.id, b: b.id },
  onProgress?: (done: number, total: number) => void): DiffResult | string {
  const problem = runProblem(options);
  if (problem) return problem;
  const idsA = [...a.fights.keys()];
  const idsB = [...b.fights.keys()];
  if (options.fight !== undefined && !a.fights.has(options.fight) && !b.fights.has(options.fight)) {
    return `unknown fight '${options.fight}' (fights: ${[...new Set([...idsA, ...idsB])].join(', ') || 'none'})`;
  }
  const wanted = (id: string): boolean => (options.fight === undefined || options.fight === id) && (options.among === undefined || options.among.includes(id));
  const onlyInA = idsA.filter((id) => !b.fights.has(id) && wanted(id));
  const onlyInB = idsB.filter((id) => !a.fights.has(id) && wanted(id));
  const raws: Raw[] = [];
  const total = idsA.filter((id) => b.fights.has(id) && wanted(id)).length * options.fights;
  let done = 0;
  const failed: { fight: string; message: string }[] = [];
  for (const id of idsA) {
    if (!b.fights.has(id) || !wanted(id)) continue;
    const fighterA = new Fighter(a, a.fights.get(id)!);
    const fighterB = new Fighter(b, b.fights.get(id)!);
    const raw: Raw = { id, name: a.fights.get(id)!.name, a: new BatchAccumulator(), b: new BatchAccumulator(), winDiff: new RunningMean(), roundsDiff: new RunningMean(), diedDiff: new RunningMean() };
    try {
      for (let i = 0; i < options.fights; i++) {
        const seed = deriveSeed(options.seed, i);
        const ra = fighterA.fightWith(seed);
        const winA = ra.winner === 'heroes' ? 1 : 0;
        const roundsA = ra.rounds;
        const diedA = anyHeroDead(ra) ? 1 : 0;
        raw.a.add(ra);
        const rb = fighterB.fightWith(seed);
        raw.b.add(rb);
        raw.winDiff.add((rb.winner === 'heroes' ? 1 : 0) - winA);
        raw.roundsDiff.add(rb.rounds - roundsA);
        raw.diedDiff.add((anyHeroDead(rb) ? 1 : 0) - diedA);
        if (onProgress && ++done % 100 === 0) onProgress(done, total);
      }
      raws.push(raw);
    } catch (err) {
      failed.push({ fight: id, message: err instanceof Error ? err.message : String(err) });
    }
  }
  // Every compared number of every fight, in one list: Holm corrects over all of them.
  const states = raws.map((r) => [r.a.toState(), r.b.toState()] as const);
  const tests: { paired: ReturnType<typeof pairedTTest>; unpaired: { p: number } }[] = [];
  const testOf = raws.map((r, i) => {
    const [sa, sb] = states[i]!;
    const at = (t: (typeof tests)[number]): number => tests.push(t) - 1;
    return {
      win: at({ paired: pairedTTest(r.winDiff.toState()), unpaired: twoProportionZTest(sa.heroWins, sa.fights, sb.heroWins, sb.fights) }),
      rounds: at({ paired: pairedTTest(r.roundsDiff.toState()), unpaired: welchTTest(sa.rounds, sb.rounds) }),
      died: sa.heroDied + sb.heroDied > 0 ? at({ paired: pairedTTest(r.diedDiff.toState()), unpaired: twoProportionZTest(sa.heroDied, sa.fights, sb.heroDied, sb.fights) }) : -1,
    };
  });
  const corrected = holm(tests.map((t) => t.paired.p));
  const compared = raws.map((r, i): FightDiff => {
    const [stateA, stateB] = states[i]!;
    const sa = summarize(stateA);
    const sb = summarize(stateB);
    const change = (k: number, ea: Estimate, eb: Estimate): MetricChange => {
      const t = tests[k]!;
      return {
        a: ea, b: eb, delta: t.paired.delta, interval: t.paired.interval, p: t.paired.p,
        pAdjusted: corrected.adjusted[k]!, significant: corrected.significant[k]!, pUnpaired: t.unpaired.p,
      };
    };
    const k = testOf[i]!;
    return {
      fight: r.id, name: r.name, a: sa, b: sb, winRate: change(k.win, sa.winRate, sb.winRate), rounds: change(k.rounds, sa.rounds, sb.rounds),
      ...(k.died >= 0 ? { heroDied: change(k.died, sa.heroDied, sb.heroDied) } : {}),
    };
  });
  return { a: labels.a, b: labels.b, fights: options.fights, seed: options.seed, correction: 'holm', compared, onlyInA, onlyInB, failed };
}
