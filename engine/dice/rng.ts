// The seeded random source: sfc32 seeded through splitmix32, integer-only math so a seed gives the same numbers
// on every machine and in every JavaScript engine.
import type { Rng } from '../formula/types';

const TWO_POW_32 = 4294967296;
const INV_TWO_POW_32 = 1 / TWO_POW_32;
/** Largest die for which `u32 * sides` stays below 2^53 (exact in a double). */
const EXACT_PRODUCT_MAX_SIDES = 1 << 21;

/** A seeded Rng that also exposes its raw 32-bit stream (for callers that need bits, not dice). */
export interface SeededRng extends Rng {
  /** Uniform integer in 0..2^32-1. */
  uint32(): number;
  /** Start over as `createRng(seed)` would (the simulator reuses one generator for millions of fights). */
  reseed(seed: number): void;
}

/** murmur3's 32-bit finalizer: a bijection on uint32 that spreads every input bit over the output. */
function mix32(value: number): number {
  let z = value | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** Any finite number to one uint32, using its high bits too (seeds above 2^32 do not collide with small ones). */
function seedToUint32(seed: number): number {
  if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${seed}`);
  const whole = Math.trunc(seed);
  const low = whole >>> 0;
  const high = Math.floor(whole / TWO_POW_32) >>> 0;
  return mix32(low ^ mix32(high + 0x632be5ab));
}

class Sfc32 implements SeededRng {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  constructor(seed: number) {
    this.reseed(seed);
  }

  reseed(seed: number): void {
    // splitmix32 fills the four words, so nearby seeds start far apart.
    const state = seedToUint32(seed);
    this.a = mix32((state + 0x9e3779b9) | 0) | 0;
    this.b = mix32((state + 2 * 0x9e3779b9) | 0) | 0;
    this.c = mix32((state + 3 * 0x9e3779b9) | 0) | 0;
    this.d = mix32((state + 4 * 0x9e3779b9) | 0) | 0;
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  next(): number {
    return this.uint32() * INV_TWO_POW_32;
  }

  /**
   * Exactly uniform in 1..sides. Lemire's multiply-and-reject: `u * sides` is exact in a double for sides up to 2^21,
   * and products whose low word falls below 2^32 mod sides are rejected, so no face is favoured.
   */
  die(sides: number): number {
    if (sides <= EXACT_PRODUCT_MAX_SIDES) {
      let product = this.uint32() * sides;
      let low = product >>> 0;
      if (low < sides) {
        const threshold = TWO_POW_32 % sides;
        while (low < threshold) {
          product = this.uint32() * sides;
          low = product >>> 0;
        }
      }
      return Math.floor(product * INV_TWO_POW_32) + 1;
    }
    return this.largeDie(sides);
  }

  /** Plain rejection sampling for dice above 2^21 faces (never reached under the 1,000,000 limit). */
  private largeDie(sides: number): number {
    if (!Number.isInteger(sides) || sides < 1 || sides > TWO_POW_32) {
      throw new RangeError(`die size must be a whole number from 1 to 2^32, got ${sides}`);
    }
    const limit = TWO_POW_32 - (TWO_POW_32 % sides);
    let u = this.uint32();
    while (u >= limit) u = this.uint32();
    return (u % sides) + 1;
  }
}

/** A new generator: the same seed always yields the same sequence, on every machine. */
export function createRng(seed: number): SeededRng {
  return new Sfc32(seed);
}

/**
 * The seed of sub-stream `index` of `seed` (the simulator's fight number), so results do not depend on how fights
 * are split among workers. Distinct indices below 2^32 give distinct seeds for one seed.
 */
export function deriveSeed(seed: number, index: number): number {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`seed index must be a whole number from 0, got ${index}`);
  const base = seedToUint32(seed);
  return mix32((base + Math.imul(index >>> 0, 0x9e3779b9)) | 0);
}
