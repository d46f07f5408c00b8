import type { ClassCounts } from "./group-schema";
import { deviationBetween, maxAbsDeviation, type Deviation } from "./deviation";

export type SubsetChoice = {
  /** Indices into the items given, ascending. */
  chosen: number[];
  sum: ClassCounts;
  deviation: Deviation;
  /** True when no other subset has a smaller deviation (in `compareDeviation` order). */
  provenOptimal: boolean;
  cellUpdates: number;
};

const UNREACHED = -1;
const EMPTY_SET = -2;

/** The grid only needs to reach as far as the items can sum to. */
function gridBounds(items: readonly ClassCounts[], target: ClassCounts, slack: number) {
  let sumT = 0;
  let sumU = 0;
  for (const g of items) {
    sumT += g.trustworthy;
    sumU += g.untrustworthy;
  }
  return {
    maxT: Math.min(target.trustworthy + slack, sumT),
    maxU: Math.min(target.untrustworthy + slack, sumU),
  };
}

/** Cell updates the DP will do: each item touches the box reachable so far, shifted by itself. */
export function estimateCellUpdates(items: readonly ClassCounts[], target: ClassCounts, slack: number): number {
  const { maxT, maxU } = gridBounds(items, target, slack);
  let reachT = 0;
  let reachU = 0;
  let updates = 0;
  for (const g of items) {
    if (g.trustworthy > maxT || g.untrustworthy > maxU) continue;
    reachT = Math.min(maxT, reachT + g.trustworthy);
    reachU = Math.min(maxU, reachU + g.untrustworthy);
    updates += (reachT - g.trustworthy + 1) * (reachU - g.untrustworthy + 1);
  }
  return updates + (maxT + 1) * (maxU + 1);
}

/**
 * 0/1 subset-sum over the (trustworthy, untrustworthy) grid up to target + slack. Reachability
 * is a bitset per trustworthy row (32 untrustworthy cells a word), so adding an item is a
 * shifted OR of rows. Each cell also keeps the index of the first item that reached it; its
 * predecessor cell was reached by earlier items only, so walking those pointers back yields
 * each item at most once.
 */
function solveGrid(items: readonly ClassCounts[], target: ClassCounts, slack: number) {
  const { maxT, maxU } = gridBounds(items, target, slack);
  const width = maxU + 1;
  const words = (width + 31) >>> 5;
  const lastMask = width % 32 === 0 ? -1 : (1 << (width % 32)) - 1;
  const reach = new Int32Array((maxT + 1) * words);
  const first = new Int32Array((maxT + 1) * width).fill(UNREACHED);
  reach[0] = 1;
  first[0] = EMPTY_SET;
  let reachT = 0;
  let reachU = 0;
  let cellUpdates = 0;
  for (let i = 0; i < items.length; i++) {
    const ti = items[i].trustworthy;
    const ui = items[i].untrustworthy;
    if (ti > maxT || ui > maxU || ti + ui === 0) continue;
    const hiT = Math.min(maxT, reachT + ti);
    const hiU = Math.min(maxU, reachU + ui);
    const wordShift = ui >>> 5;
    const bitShift = ui & 31;
    // Rows and words descend, so a source word is always read before this item rewrites it
    // (also when ti = 0 and source and destination share a row): no item is added twice.
    for (let t = hiT; t >= ti; t--) {
      const dst = t * words;
      const src = (t - ti) * words;
      for (let w = hiU >>> 5; w >= wordShift; w--) {
        const lo = src + w - wordShift;
        let shifted = bitShift === 0 ? reach[lo] : (reach[lo] << bitShift) | (w > wordShift ? reach[lo - 1] >>> (32 - bitShift) : 0);
        if (w === words - 1) shifted &= lastMask;
        let fresh = shifted & ~reach[dst + w];
        if (fresh === 0) continue;
        reach[dst + w] |= fresh;
        const base = t * width + (w << 5);
        while (fresh !== 0) {
          const lowest = fresh & -fresh;
          first[base + 31 - Math.clz32(lowest)] = i;
          fresh ^= lowest;
        }
      }
    }
    cellUpdates += (hiT - ti + 1) * (hiU - ui + 1);
    reachT = hiT;
    reachU = hiU;
  }

  // Same order as compareDeviation (max |Δ|, then |Δt| + |Δu|), inlined as one integer score.
  // The multiplier exceeds any |Δt| + |Δu| on the grid, so the max always dominates.
  const weight = target.trustworthy + target.untrustworthy + maxT + maxU + 1;
  const scoreOf = (dt: number, du: number) => Math.max(Math.abs(dt), Math.abs(du)) * weight + Math.abs(dt) + Math.abs(du);
  let bestCell = 0;
  let bestScore = scoreOf(target.trustworthy, target.untrustworthy);
  for (let t = 0; t <= maxT; t++) {
    const dt = t - target.trustworthy;
    for (let u = 0; u <= maxU; u++) {
      if (first[t * width + u] === UNREACHED) continue;
      const score = scoreOf(dt, u - target.untrustworthy);
      if (score < bestScore) {
        bestScore = score;
        bestCell = t * width + u;
      }
    }
  }
  const bestT = Math.floor(bestCell / width);
  const best = deviationBetween({ trustworthy: bestT, untrustworthy: bestCell - bestT * width }, target);

  const chosen: number[] = [];
  for (let cell = bestCell; first[cell] !== EMPTY_SET; ) {
    const i = first[cell];
    chosen.push(i);
    cell -= items[i].trustworthy * width + items[i].untrustworthy;
  }
  chosen.sort((a, b) => a - b);
  const sum = {
    trustworthy: target.trustworthy + best.trustworthy,
    untrustworthy: target.untrustworthy + best.untrustworthy,
  };
  cellUpdates += first.length;
  return { chosen, sum, deviation: best, cellUpdates };
}

/**
 * Exact 2-D subset-sum: the subset of items whose summed counts are closest to the target.
 * Starts with a small slack above the target; any subset with max |Δ| ≤ slack lies inside the
 * grid, so a best deviation within the slack is optimal, and otherwise one re-run with slack =
 * that deviation settles it. Returns null when even the first grid would exceed the budget
 * (cell updates, counted per cell although the bitset does 32 cells a word) or the memory cap.
 */
// Parent pointers cost 4 bytes a cell; beyond this the windowed method is used instead.
const MAX_GRID_CELLS = 1e7;

export function exactSubsetSum(
  items: readonly ClassCounts[],
  target: ClassCounts,
  { budget = 2e8, initialSlack = 4 }: { budget?: number; initialSlack?: number } = {},
): SubsetChoice | null {
  const fits = (slack: number, allowance: number) => {
    const { maxT, maxU } = gridBounds(items, target, slack);
    return (maxT + 1) * (maxU + 1) <= MAX_GRID_CELLS && estimateCellUpdates(items, target, slack) <= allowance;
  };
  if (!fits(initialSlack, budget)) return null;
  const first = solveGrid(items, target, initialSlack);
  const reached = maxAbsDeviation(first.deviation);
  if (reached <= initialSlack) return { ...first, provenOptimal: true };

  const remaining = budget - first.cellUpdates;
  if (!fits(reached, remaining)) {
    return { ...first, provenOptimal: false };
  }
  const second = solveGrid(items, target, reached);
  return { ...second, provenOptimal: true, cellUpdates: first.cellUpdates + second.cellUpdates };
}
