import { sumClassCounts, type ClassCounts, type PullRequestGroup } from "./group-schema";
import { deviationBetween, maxAbsDeviation, type Deviation } from "./deviation";
import type { SplitTargets } from "./targets";

import { SPLIT_NAMES, type SplitName } from "@/lib/db/enums";
import { recordOf } from "@/lib/record-of";

export type SplitSummary = {
  /** Group (PR) keys in this split, in input order. */
  keys: string[];
  counts: ClassCounts;
  target: ClassCounts;
  /** Signed, counts − target. */
  deviation: Deviation;
};

export type SplitPartition = Record<SplitName, SplitSummary> & {
  /** Instances off target, max over class and split. */
  maxAbsDeviation: number;
};

/** Builds the shared output shape from a split assignment per group (index-aligned). */
export function summarizePartition(
  groups: readonly PullRequestGroup[],
  assignment: readonly SplitName[],
  targets: SplitTargets,
): SplitPartition {
  const summaries = recordOf(SPLIT_NAMES, (name): SplitSummary => {
    const members = groups.filter((_, i) => assignment[i] === name);
    const counts = sumClassCounts(members);
    return { keys: members.map((g) => g.key), counts, target: targets[name], deviation: deviationBetween(counts, targets[name]) };
  });
  return {
    ...summaries,
    maxAbsDeviation: Math.max(...SPLIT_NAMES.map((n) => maxAbsDeviation(summaries[n].deviation))),
  };
}
