// The public surface of the rules core: what the CLI, the studio and other tools use. Pure TypeScript (no DOM, no Node).
// The formula language and dice are flat; the document checker and types are the `schema` namespace and the fight
// engine the `sim` namespace (names such as CheckResult mean different things in each). Balance tools are imported
// from engine/balance/<tool> directly.
export * from './formula';
export * from './dice';
export * as schema from './schema';
export * as sim from './sim';
