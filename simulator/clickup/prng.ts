/**
 * Seeded pseudo-random numbers. Everything random in the simulator (demo data, ids, fault
 * injection) goes through here so that one seed reproduces one world exactly.
 *
 * mulberry32: tiny, fast and good enough for test data; not for anything security related.
 */

export interface Prng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** One element chosen by relative weights (same length as items). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** `count` distinct elements (or all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[];
  /** Approximately normal value (sum of three uniforms), for "around N" quantities. */
  around(mean: number, spread: number): number;
  /**
   * An independent stream derived from this seed and a label. Sub-generators fork so that adding
   * a step to one of them does not shift the numbers every other step sees.
   */
  fork(label: string): Prng;
}

/** FNV-1a 32-bit hash: stable across runs and platforms. */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function createPrng(seed: number): Prng {
  let state = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError("pick from an empty array");
    return items[Math.floor(next() * items.length)] as T;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weighted<T>(items: readonly T[], weights: readonly number[]): T {
      let total = 0;
      for (const w of weights) total += w;
      let roll = next() * total;
      for (let i = 0; i < items.length; i++) {
        roll -= weights[i] ?? 0;
        if (roll < 0) return items[i] as T;
      }
      return pick(items);
    },
    sample<T>(items: readonly T[], count: number): T[] {
      const copy = items.slice();
      const n = Math.min(count, copy.length);
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        const tmp = copy[i] as T;
        copy[i] = copy[j] as T;
        copy[j] = tmp;
      }
      return copy.slice(0, n);
    },
    around: (mean, spread) => mean + ((next() + next() + next()) / 3 - 0.5) * 2 * spread,
    fork: (label) => createPrng(hashString(label, (seed >>> 0) ^ 0x5bd1e995)),
  };
}
