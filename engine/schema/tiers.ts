// The tier range of a system's enemy templates: `tiers` in the document (`{ "min": 1, "max": 6 }` when absent, so a
// system that says nothing checks and fights as before). The checker's `@tier`, a fight's template tiers, the
// loader, the dice hover's sweep and the balance grid all read it from here.

export interface TierRange {
  readonly min: number;
  readonly max: number;
}

export const DEFAULT_TIERS: TierRange = Object.freeze({ min: 1, max: 6 });

const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** The document's tier range; a missing or malformed bound is the default's (the schema reports it). */
export function tierRangeOf(document: unknown): TierRange {
  const tiers = typeof document === 'object' && document !== null ? (document as { tiers?: unknown }).tiers : undefined;
  if (typeof tiers !== 'object' || tiers === null) return DEFAULT_TIERS;
  const { min, max } = tiers as { min?: unknown; max?: unknown };
  const low = isWhole(min) ? min : DEFAULT_TIERS.min;
  const high = isWhole(max) ? max : DEFAULT_TIERS.max;
  return low <= high ? { min: low, max: high } : DEFAULT_TIERS;
}

/** Every tier of the range, lowest first. */
export function tiersOf(range: TierRange): number[] {
  const out: number[] = [];
  for (let t = range.min; t <= range.max; t++) out.push(t);
  return out;
}
