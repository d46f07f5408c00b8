import { seededRandom } from "@/lib/random/seeded";
import { parsePullRequestGroups, sumClassCounts, type PullRequestGroup } from "./group-schema";
import { parsePartitionOptions, type PartitionOptions } from "./partition-options";
import type { SplitName } from "@/lib/db/enums";
import { summarizePartition, type SplitPartition } from "./partition-result";
import { selectGroupsNearTarget, type SubsetSumMethod } from "./subset-sum";
import { computeSplitTargets } from "./targets";

export type PullRequestPartition = SplitPartition & {
  seed: number;
  method: { test: SubsetSumMethod; validation: SubsetSumMethod };
  /** Both subset-sum steps are known to have found the closest possible subset. */
  provenOptimal: boolean;
};

/**
 * PR-disjoint train/validation/test split (paper §2; dataset-format.md "Splits are grouped
 * by…"): first the test set is chosen from all PRs by subset-sum on per-class targets, then
 * validation from the remaining train pool, and train is what is left. Every group lands in
 * exactly one split. Validation targets come from the planned pool (totals − test targets),
 * so the three targets always add up to the totals.
 */
export function partitionByPullRequest(groups: readonly PullRequestGroup[], options: PartitionOptions = {}): PullRequestPartition {
  const valid = parsePullRequestGroups(groups);
  const { testShare, validationShare, seed } = parsePartitionOptions(options);
  const targets = computeSplitTargets(sumClassCounts(valid), { testShare, validationShare });
  const random = seededRandom(seed);

  const assignment: SplitName[] = valid.map(() => "train");
  const test = selectGroupsNearTarget(valid, targets.test, random);
  for (const i of test.chosen) assignment[i] = "test";

  const pool = valid.flatMap((_, i) => (assignment[i] === "train" ? [i] : []));
  const validation = selectGroupsNearTarget(
    pool.map((i) => valid[i]),
    targets.validation,
    random,
  );
  for (const k of validation.chosen) assignment[pool[k]] = "validation";

  return {
    ...summarizePartition(valid, assignment, targets),
    seed,
    method: { test: test.method, validation: validation.method },
    provenOptimal: test.provenOptimal && validation.provenOptimal,
  };
}
