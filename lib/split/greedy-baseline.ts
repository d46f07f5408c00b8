import { seededRandom, shuffled } from "@/lib/random/seeded";
import { parsePullRequestGroups, sumClassCounts, type PullRequestGroup } from "./group-schema";
import { parsePartitionOptions, type PartitionOptions } from "./partition-options";
import { SPLIT_NAMES, type SplitName } from "@/lib/db/enums";
import { recordOf } from "@/lib/record-of";
import { summarizePartition, type SplitPartition } from "./partition-result";
import { computeSplitTargets } from "./targets";

export type GreedyPartition = SplitPartition & { seed: number };

/**
 * Stratified-group greedy baseline, for comparison with the subset-sum partitioner: largest PRs
 * first (ties in seeded-shuffle order), each to the split that is relatively furthest below its
 * per-class targets in the classes that PR carries. Same targets and output shape as
 * `partitionByPullRequest`; it never backtracks, so it typically misses by a few instances.
 */
export function partitionGreedyBaseline(groups: readonly PullRequestGroup[], options: PartitionOptions = {}): GreedyPartition {
  const valid = parsePullRequestGroups(groups);
  const { testShare, validationShare, seed } = parsePartitionOptions(options);
  const targets = computeSplitTargets(sumClassCounts(valid), { testShare, validationShare });
  const order = shuffled(
    valid.map((_, i) => i),
    seededRandom(seed),
  );
  const size = (i: number) => valid[i].trustworthy + valid[i].untrustworthy;
  order.sort((a, b) => size(b) - size(a)); // stable: shuffle order breaks ties

  const filled = recordOf(SPLIT_NAMES, () => ({ trustworthy: 0, untrustworthy: 0 }));
  const assignment: SplitName[] = valid.map(() => "train");

  for (const i of order) {
    const g = valid[i];
    let bestSplit: SplitName = "train";
    let bestShortfall = -Infinity;
    for (const name of SPLIT_NAMES) {
      const target = targets[name];
      const shortfall =
        (g.trustworthy * (target.trustworthy - filled[name].trustworthy)) / Math.max(1, target.trustworthy) +
        (g.untrustworthy * (target.untrustworthy - filled[name].untrustworthy)) / Math.max(1, target.untrustworthy);
      if (shortfall > bestShortfall) {
        bestShortfall = shortfall;
        bestSplit = name;
      }
    }
    assignment[i] = bestSplit;
    filled[bestSplit].trustworthy += g.trustworthy;
    filled[bestSplit].untrustworthy += g.untrustworthy;
  }

  return { ...summarizePartition(valid, assignment, targets), seed };
}
