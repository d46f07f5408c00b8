// Split quality and speed: subset-sum partitioner vs the greedy baseline on synthetic PR groups
// at the released benchmark's scale (1,199 / 124 PRs), the paper's pre-annotation scale
// (48,000 / 7,000 PRs), and a coarse variant (1,199 over 40 larger PRs) where greedy struggles.
// Targets: benchmark deviation 0 in < 100 ms; large deviation ≤ 1 in < 5 s.
// `*_ms` is the slowest run, the first one included (cold JIT, as a one-off CLI run sees it).
// Run: npx tsx scripts/bench-split.ts
import { seededRandom } from "@/lib/random/seeded";
import { partitionGreedyBaseline } from "@/lib/split/greedy-baseline";
import { maxAbsDeviation } from "@/lib/split/deviation";
import { partitionByPullRequest } from "@/lib/split/partition";
import { selectGroupsNearTarget } from "@/lib/split/subset-sum";
import { BENCHMARK_SCALE, LARGE_SCALE, generateSyntheticGroups, type SyntheticGroupSpec } from "@/lib/split/synthetic-groups";

const COARSE: SyntheticGroupSpec = {
  ...BENCHMARK_SCALE,
  pullRequests: 40,
  smallComments: [5, 20],
  largeComments: [30, 40],
};

function bench(name: string, spec: SyntheticGroupSpec, datasets: number) {
  let worst = 0;
  let worstGreedy = 0;
  let exact = 0;
  let greedyExact = 0;
  const timings: number[] = [];
  for (let dataSeed = 1; dataSeed <= datasets; dataSeed++) {
    const groups = generateSyntheticGroups(spec, seededRandom(dataSeed));
    const started = performance.now();
    const result = partitionByPullRequest(groups, { seed: 42 });
    timings.push(performance.now() - started);
    const greedy = partitionGreedyBaseline(groups, { seed: 42 });
    worst = Math.max(worst, result.maxAbsDeviation);
    worstGreedy = Math.max(worstGreedy, greedy.maxAbsDeviation);
    if (result.maxAbsDeviation === 0) exact++;
    if (greedy.maxAbsDeviation === 0) greedyExact++;
  }
  const median = [...timings].sort((a, b) => a - b)[Math.floor(timings.length / 2)];
  console.log(`${name}_max_abs_deviation=${worst}`);
  console.log(`${name}_ms=${Math.max(...timings).toFixed(1)}`);
  console.log(`${name}_first_call_ms=${timings[0].toFixed(1)}`);
  console.log(`${name}_median_ms=${median.toFixed(1)}`);
  console.log(`${name}_greedy_max_abs_deviation=${worstGreedy}`);
  console.log(`${name}_exact_datasets=${exact}/${datasets}`);
  console.log(`${name}_greedy_exact_datasets=${greedyExact}/${datasets}`);
}

/** selectGroupsNearTarget alone on the 48k-instance scale (the target lib/split/subset-sum.test.ts checks). */
function benchSelect(datasets: number) {
  const timings: number[] = [];
  let worst = 0;
  for (let dataSeed = 11; dataSeed < 11 + datasets; dataSeed++) {
    const groups = generateSyntheticGroups(LARGE_SCALE, seededRandom(dataSeed));
    const started = performance.now();
    const picked = selectGroupsNearTarget(groups, { trustworthy: 9176, untrustworthy: 5224 }, seededRandom(42));
    timings.push(performance.now() - started);
    worst = Math.max(worst, maxAbsDeviation(picked.deviation));
  }
  console.log(`select_large_max_abs_deviation=${worst}`);
  console.log(`select_large_ms=${Math.max(...timings).toFixed(1)}`);
  console.log(`select_large_first_call_ms=${timings[0].toFixed(1)}`);
}

bench("benchmark", BENCHMARK_SCALE, 20);
bench("large", LARGE_SCALE, 5);
bench("coarse", COARSE, 20);
benchSelect(3);
