// The fast-check parameters of every property test. Under `npm test` each property keeps its own seed and run count,
// so a failure there is the same failure on every machine. `npm run fuzz` (scripts/fuzz.mjs) searches wider: it sets
// FUZZ_SEED, which moves every property to a seed of its own derived from it, and FUZZ_SCALE, which multiplies the runs.
// A counterexample found that way becomes a named test beside the property (DEVELOPERS.md, "Fuzzing").

export interface FuzzParameters {
  readonly seed: number;
  readonly numRuns: number;
}

type Env = Readonly<Record<string, string | undefined>>;

/** What one environment variable must hold, or its value. */
function envNumber(env: Env, name: string, isValid: (n: number) => boolean, expected: string): number | undefined {
  const text = env[name];
  if (text === undefined || text.trim() === '') return undefined;
  const n = Number(text);
  if (!isValid(n)) throw new Error(`${name}=${JSON.stringify(text)}: expected ${expected}`);
  return n;
}

/** The parameters of a property whose own seed is `seed` and own run count `numRuns`, under `env`. */
export function fuzzParameters(env: Env, seed: number, numRuns: number): FuzzParameters {
  const base = envNumber(env, 'FUZZ_SEED', Number.isSafeInteger, 'a whole number');
  const scale = envNumber(env, 'FUZZ_SCALE', (n) => Number.isFinite(n) && n > 0 && n <= 10_000, 'a number above 0, at most 10000');
  return {
    // Each property its own seed: one FUZZ_SEED must not give two properties the same stream of cases.
    seed: base === undefined ? seed : (Math.imul(base | 0, 0x9e3779b1) ^ Math.imul(seed, 0x85ebca6b) ^ Math.floor(base / 0x1_0000_0000)) | 0,
    numRuns: Math.max(1, Math.round(numRuns * (scale ?? 1))),
  };
}

/** fuzzParameters under this process's environment: what a property test passes to fc.assert. */
export function fuzz(seed: number, numRuns: number): FuzzParameters {
  return fuzzParameters(typeof process === 'undefined' ? {} : process.env, seed, numRuns);
}
