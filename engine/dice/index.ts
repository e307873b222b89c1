// Dice: the seeded random source and rolling with budgets. (Exact distributions of a formula are in
// engine/formula/distribution/, beside the language they read.)
export { createRng, deriveSeed } from './rng';
export type { SeededRng } from './rng';
export { rollPool, rollPlain, rollOne, planDice, isPlainPlan, checkDiceCount, checkDieSize, compareMatches, matchesEveryFace } from './roll';
export type { DicePlan, DieSize, DiceTraceSink } from './roll';
