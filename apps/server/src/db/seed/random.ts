/** A tiny deterministic PRNG (mulberry32) so the seed is identical on every run. */
export type Rng = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max] (both inclusive). */
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  /** A copy of `items` in a shuffled order. */
  shuffle: <T>(items: readonly T[]) => T[];
  /** `count` distinct items of `items` (fewer when `items` is shorter). */
  sample: <T>(items: readonly T[], count: number) => T[];
  chance: (probability: number) => boolean;
};

export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy;
  };
  return {
    next,
    int,
    pick,
    shuffle,
    sample: (items, count) => shuffle(items).slice(0, count),
    chance: (probability) => next() < probability,
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** 'YYYY-MM-DD' of an epoch-ms time (UTC, so the seed does not depend on the server's zone). */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
