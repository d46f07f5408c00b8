import { shuffled, type Random } from "@/lib/random/seeded";
import type { ClassCounts } from "./group-schema";
import type { Deviation } from "./deviation";
import { exactSubsetSum } from "./subset-sum-exact";
import { windowedSubsetSum } from "./subset-sum-windowed";

export type SubsetSumMethod = "exact-dp" | "greedy-fill+window-dp";

export type SubsetSelection = {
  /** Indices into the groups given, ascending. */
  chosen: number[];
  sum: ClassCounts;
  /** Signed, sum − target. */
  deviation: Deviation;
  method: SubsetSumMethod;
  provenOptimal: boolean;
  cellUpdates: number;
};

export type SubsetSumOptions = {
  /** Largest exact DP (grid cells × groups) before falling back to the windowed method. */
  exactBudget?: number;
};

/**
 * Two-dimensional subset-sum over PR groups (paper §2): picks whole groups whose summed
 * (trustworthy, untrustworthy) counts hit the target exactly if any subset does, otherwise the
 * subset with the smallest deviation (max of |Δt|, |Δu|, then |Δt| + |Δu|).
 *
 * Groups are shuffled with the generator first, as for the released dataset (seed 42), so
 * which of several equally good subsets is returned is decided by the seed.
 */
export function selectGroupsNearTarget(
  groups: readonly ClassCounts[],
  target: ClassCounts,
  random: Random,
  { exactBudget = 2e8 }: SubsetSumOptions = {},
): SubsetSelection {
  const order = shuffled(
    groups.map((_, i) => i),
    random,
  );
  const items = order.map((i) => groups[i]);
  const exact = exactSubsetSum(items, target, { budget: exactBudget });
  const method: SubsetSumMethod = exact ? "exact-dp" : "greedy-fill+window-dp";
  const solved = exact ?? windowedSubsetSum(items, target);
  return {
    chosen: solved.chosen.map((k) => order[k]).sort((a, b) => a - b),
    sum: solved.sum,
    deviation: solved.deviation,
    method,
    provenOptimal: solved.provenOptimal,
    cellUpdates: solved.cellUpdates,
  };
}
