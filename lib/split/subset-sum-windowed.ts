import type { ClassCounts } from "./group-schema";
import { compareDeviation, maxAbsDeviation } from "./deviation";
import { estimateCellUpdates, exactSubsetSum, type SubsetChoice } from "./subset-sum-exact";

export type WindowedOptions = {
  /** Cell updates allowed for each window DP; keeps one attempt to tens of milliseconds. */
  windowBudget?: number;
  /** Attempts, each doubling the margin left for the window to fill. */
  attempts?: number;
};

function marginFor(classTotal: number, itemCount: number, classTarget: number): number {
  // Leave room for a few typical PRs so many small groups can combine into the exact residual.
  const typical = Math.ceil((4 * classTotal) / Math.max(1, itemCount));
  return Math.min(classTarget, Math.max(32, typical));
}

/**
 * Near-exact 2-D subset-sum for grids too large for the exact DP (tens of thousands of
 * instances). Items are expected in an already shuffled order.
 *
 * 1. Greedy fill: walk the items, keeping each one that leaves at least a margin below the
 *    target in both classes. This fixes most of the split cheaply.
 * 2. Window DP: run the exact DP on the small residual target over the items not yet taken
 *    that can still fit (as many as the window budget allows, in shuffled order).
 * 3. If the residual is not hit exactly, retry with doubled margins (a larger, more flexible
 *    residual) and keep the best attempt.
 *
 * With realistic PR size skews the residual is almost always hit exactly on the first
 * attempt; deviation 0 is optimal by definition, otherwise `provenOptimal` is false.
 */
export function windowedSubsetSum(
  items: readonly ClassCounts[],
  target: ClassCounts,
  { windowBudget = 3e7, attempts = 4 }: WindowedOptions = {},
): SubsetChoice {
  let totalT = 0;
  let totalU = 0;
  for (const g of items) {
    totalT += g.trustworthy;
    totalU += g.untrustworthy;
  }
  let marginT = marginFor(totalT, items.length, target.trustworthy);
  let marginU = marginFor(totalU, items.length, target.untrustworthy);
  let best: SubsetChoice | null = null;
  let cellUpdates = 0;

  for (let attempt = 0; attempt < attempts; attempt++) {
    const capT = target.trustworthy - marginT;
    const capU = target.untrustworthy - marginU;
    const fixed: number[] = [];
    const rest: number[] = [];
    let fixedT = 0;
    let fixedU = 0;
    for (let i = 0; i < items.length; i++) {
      const g = items[i];
      if (fixedT + g.trustworthy <= capT && fixedU + g.untrustworthy <= capU) {
        fixed.push(i);
        fixedT += g.trustworthy;
        fixedU += g.untrustworthy;
      } else rest.push(i);
    }

    const residual = {
      trustworthy: target.trustworthy - fixedT,
      untrustworthy: target.untrustworthy - fixedU,
    };
    const fits = rest.filter(
      (i) => items[i].trustworthy <= residual.trustworthy + marginT && items[i].untrustworthy <= residual.untrustworthy + marginU,
    );
    const window = takeWithinBudget(fits, items, residual, windowBudget);
    const windowItems = window.map((i) => items[i]);
    const solved = exactSubsetSum(windowItems, residual, { budget: windowBudget });
    if (solved) {
      cellUpdates += solved.cellUpdates;
      const chosen = [...fixed, ...solved.chosen.map((w) => window[w])].sort((a, b) => a - b);
      const candidate: SubsetChoice = {
        chosen,
        sum: {
          trustworthy: fixedT + solved.sum.trustworthy,
          untrustworthy: fixedU + solved.sum.untrustworthy,
        },
        deviation: solved.deviation,
        provenOptimal: maxAbsDeviation(solved.deviation) === 0,
        cellUpdates,
      };
      if (!best || compareDeviation(candidate.deviation, best.deviation) < 0) best = candidate;
      if (candidate.provenOptimal) break;
    }
    marginT = Math.min(target.trustworthy, marginT * 2);
    marginU = Math.min(target.untrustworthy, marginU * 2);
  }

  if (best) return { ...best, cellUpdates };
  // Unreachable in practice (the first window always fits a 1-item DP); keep the empty set.
  return {
    chosen: [],
    sum: { trustworthy: 0, untrustworthy: 0 },
    deviation: { trustworthy: -target.trustworthy, untrustworthy: -target.untrustworthy },
    provenOptimal: false,
    cellUpdates,
  };
}

/** Longest shuffled-order prefix of candidates whose DP stays within the budget. */
function takeWithinBudget(candidates: readonly number[], items: readonly ClassCounts[], residual: ClassCounts, budget: number): number[] {
  let lo = 0;
  let hi = candidates.length;
  const cost = (n: number) =>
    estimateCellUpdates(
      candidates.slice(0, n).map((i) => items[i]),
      residual,
      4,
    );
  if (cost(hi) <= budget) return candidates.slice();
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (cost(mid) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return candidates.slice(0, lo);
}
