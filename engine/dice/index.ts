// Dice: the seeded random source and rolling with budgets. (Exact distributions are added here by their module.)
export { createRng, deriveSeed } from './rng';
export type { SeededRng } from './rng';
export { distributionOf } from './distribution';
export type { Distribution, DistributionError, DistributionOptions, DistributionResult } from './distribution';
export { rollPool, rollPlain, rollOne, planDice, isPlainPlan, checkDiceCount, checkDieSize, compareMatches, matchesEveryFace } from './roll';
export type { DicePlan, DieSize, DiceTraceSink } from './roll';
