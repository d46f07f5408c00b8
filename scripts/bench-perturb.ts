// Scores the perturbation generators against the evaluation set written for issue #18
// (lib/perturb/fixtures/perturbation-eval-set.json): top-1 good rate per kind, how often a
// comment with a valid perturbation gets no candidate, and how many top-3 candidates are bad.
// A candidate is matched to the expectations by its perturbed text (location: by the sibling
// comment whose place it borrows); one that matches none is unjudged and never counts as good.
// Comments marked heldOut were written after tuning and are also reported on their own.
// Then the frozen set of real review comments (issue #28, lib/perturb/fixtures/real-review-set.md):
// the dev half the rules were tuned on and the held-out half judged by a rater who did not write
// them, printed as dev_* and heldout_* lines. A candidate nobody judged yet counts as not good and
// is reported as unjudged (hand them to a rater with scripts/rate-perturbations.ts). Location moves
// of the inline comments (lib/perturb/real-location.ts) are part of the dev_*/heldout_* figures.
// Run: npx tsx scripts/bench-perturb.ts [--verbose]
import { parseCli } from "@/lib/cli/parse-cli";
import { config } from "@/lib/config";
import { createMemoryLlmCache } from "@/lib/llm/cache";
import { screeningLlmClient, screeningLlmStatus } from "@/lib/llm/configured-llm";
import { realLlmOutcomes } from "@/lib/perturb/real-llm-benchmark";
import { seededRandom, shuffled } from "@/lib/random/seeded";
import { evalSetSchema } from "@/lib/perturb/eval-set";
import fixture from "@/lib/perturb/fixtures/perturbation-eval-set.json";
import { formatBenchmark, runBenchmark } from "@/lib/perturb/perturbation-benchmark";
import { agreement, formatAgreement, formatRealFigures, realOutcomes } from "@/lib/perturb/real-benchmark";
import { loadRealJudgements, loadRealSet, REAL_SECOND_JUDGEMENTS_PATH } from "@/lib/perturb/real-eval-set";
import { loadRealExtract, locationSettings, realLocationOutcomes } from "@/lib/perturb/real-location";

const { values } = parseCli(
  { url: import.meta.url },
  {
    options: {
      verbose: { type: "boolean", default: false },
      /** Print this many held-out candidates (original → candidate) drawn at random, for a closing note. */
      sample: { type: "string", default: "0" },
      seed: { type: "string", default: "28" },
      /** Also score the ranking with the configured LLM's proposals (LLM_BASE_URL, LLM_MODEL): llm_dev_*, llm_heldout_*. */
      llm: { type: "boolean", default: false },
    },
  },
);
const set = evalSetSchema.parse(fixture);
const result = runBenchmark(set);
if (values.verbose) {
  for (const o of result.outcomes) {
    const first = o.top[0];
    if (o.valid && first?.judgement === "good" && !o.top.some((t) => t.judgement === "bad")) continue;
    if (!o.valid && o.top.length === 0) continue;
    console.log(
      `${o.id} ${o.kind}${o.valid ? "" : " (none valid)"}: ${o.candidates} candidates; ${o.top.map((t) => `${t.judgement}: ${t.label}`).join(" | ") || "—"}`,
    );
  }
}
const size = set.cases.length + set.locationPullRequests.reduce((n, pr) => n + pr.comments.length, 0);
console.log(`# evaluation set: ${size} review comments`);
for (const line of formatBenchmark(result)) console.log(line);
// The held-out comments were written after the generators were tuned on the rest; their figures
// show how far the tuning carries to comments the rules were not fitted to.
const heldOut = runBenchmark(set, (o) => o.heldOut);
console.log(`# held-out split (${set.cases.filter((c) => c.heldOut).length} comments, included above):`);
for (const line of formatBenchmark(heldOut).slice(0, 5)) console.log(`#   ${line}`);
// Batches written later by another session, judged by hand against its outputs before any rule changed.
for (const batch of [...new Set(set.cases.flatMap((c) => (c.batch ? [c.batch] : [])))]) {
  const only = runBenchmark(set, (o) => o.batch === batch);
  console.log(`# batch ${batch} (${set.cases.filter((c) => c.batch === batch).length} comments, included above):`);
  for (const line of formatBenchmark(only).slice(0, 5)) console.log(`#   ${line}`);
}

const real = loadRealSet();
// Location moves of every inline comment (real-review-set.md "Location moves") count with the others.
const outcomes = [
  ...realOutcomes(real.set.cases, real.files, loadRealJudgements()),
  ...realLocationOutcomes(real.set.cases, locationSettings(loadRealExtract()), loadRealJudgements()),
];
console.log(`# real review comments: ${real.set.cases.length} (dev and held-out halves split by project before tuning)`);
for (const split of ["dev", "heldout"] as const) {
  for (const line of formatRealFigures(
    `${split}_`,
    outcomes.filter((o) => o.split === split),
  ))
    console.log(line);
}
// A second rater judged the dev half blind to the rules and to the first judgements: the same
// candidates scored by their judgements, and how often the two agree (Cohen's kappa).
const second = loadRealJudgements(REAL_SECOND_JUDGEMENTS_PATH);
const dev = real.set.cases.filter((c) => c.split === "dev");
const secondOutcomes = [
  ...realOutcomes(dev, real.files, second),
  ...realLocationOutcomes(dev, locationSettings(loadRealExtract()), second),
];
for (const line of formatRealFigures("dev_second_rater_", secondOutcomes)) console.log(line);
for (const line of formatAgreement(agreement(dev, loadRealJudgements(), second))) console.log(line);

// A random draw of held-out candidates, reproducible from its seed: what the figures above are made of.
const sampleSize = Number(values.sample);
if (sampleSize > 0) {
  const seed = Number(values.seed);
  const bodies = new Map(real.set.cases.map((c) => [c.id, c.body]));
  const shown = outcomes
    .filter((o) => o.split === "heldout")
    .flatMap((o) => o.top.map((t, rank) => ({ id: o.id, kind: o.kind, rank: rank + 1, ...t })));
  console.log(`# ${sampleSize} of ${shown.length} held-out candidates, drawn with seed ${seed}:`);
  for (const t of shuffled(shown, seededRandom(seed)).slice(0, sampleSize)) {
    const edit = /^([\s\S]*) => ([\s\S]*) @(\d+)$/.exec(t.spec);
    const body = bodies.get(t.id) ?? "";
    const line =
      t.kind === "location" || !edit
        ? `moved to ${t.spec}`
        : (() => {
            const start = Number(edit[3]);
            const before = body.slice(Math.max(0, start - 60), start).replace(/\s+/g, " ");
            const after = body.slice(start + edit[1].length, start + edit[1].length + 40).replace(/\s+/g, " ");
            return `…${before}[${edit[1]}]${after}… → …${before}[${edit[2]}]${after}…`;
          })();
    console.log(`sample ${t.id} ${t.kind} #${t.rank} ${t.judgement}: ${line}`);
  }
}

// With an LLM configured, the ranking the page shows once the model is asked (issue #28 item 5): the
// rules' candidates and the model's proposals that pass the same checks, scored with the same judgements.
if (values.llm) {
  const settings = config();
  const status = screeningLlmStatus(settings);
  if (!status.configured) {
    console.log(`# llm: not configured, nothing scored (${status.instructions})`);
  } else {
    const { outcomes: withLlm } = await realLlmOutcomes(real.set.cases, real.files, loadRealJudgements(), screeningLlmClient(settings), {
      cache: createMemoryLlmCache(),
    });
    const location = outcomes.filter((o) => o.kind === "location");
    console.log(`# llm: ${status.model}; unjudged proposals count as not good (rate them: rate-perturbations --llm --export)`);
    for (const split of ["dev", "heldout"] as const)
      for (const line of formatRealFigures(
        `llm_${split}_`,
        [...withLlm, ...location].filter((o) => o.split === split),
      ))
        console.log(line);
  }
}
