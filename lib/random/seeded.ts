// Every random choice in the pipeline (audit samples, splits, bootstrap, demo data) comes
// from a seeded generator passed in, so a run can be reproduced from its recorded seed.

export type Random = () => number;

/** mulberry32: small, fast, and good enough for sampling; not for secrets. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [0, n). */
export function randomInt(random: Random, n: number): number {
  return Math.floor(random() * n);
}

/** Fisher–Yates shuffle into a new array. */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(random, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** k distinct items chosen uniformly, in the order drawn. */
export function sampleWithoutReplacement<T>(items: readonly T[], k: number, random: Random): T[] {
  if (k > items.length) throw new RangeError(`cannot draw ${k} of ${items.length}`);
  const pool = items.slice();
  for (let i = 0; i < k; i++) {
    const j = i + randomInt(random, pool.length - i);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, k);
}
