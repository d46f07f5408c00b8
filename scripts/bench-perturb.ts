// Scores the hard-negative offer (issue #42) against judgements by raters who never saw the prompts,
// rules or critic (criteria: lib/perturb/fixtures/real-review-set.md):
// - negation and symbol on the fresh held-out set (lib/perturb/fixtures/fresh-heldout-set.json, 100 real
//   reviewer comments frozen before the issue's work), location on the release's real threads;
// - the model path (the model's proposals that pass the sanity checks and the critic, then the rules')
//   and the rules alone; top-1 good rate over comments with a candidate, yield over all comments;
// - critic precision and recall against the raters.
// By default the model is the recorded one (lib/perturb/fixtures/model-recordings/, model named there),
// replayed through the product by a local OpenAI-compatible server, so the figures are reproducible
// offline; --live asks the configured LLM (LLM_BASE_URL, LLM_MODEL) instead. Requests the recording
// has no answer for are counted (unanswered_requests) and, with --pending FILE, written there to answer.
// Run: npx tsx scripts/bench-perturb.ts [--recording FILE] [--live] [--pending FILE] [--sample N --seed S]
import { parseCli } from "@/lib/cli/parse-cli";
import { config } from "@/lib/config";
import { createMemoryLlmCache } from "@/lib/llm/cache";
import { createLlmClient, type LlmClient } from "@/lib/llm/client";
import { perturbationLlmClient } from "@/lib/llm/configured-llm";
import { loadRecording } from "@/lib/llm/recorded-answers";
import { type ReplayServer, startReplayServer } from "@/lib/llm/replay-server";
import { loadFreshHeldoutSet } from "@/lib/perturb/fresh-heldout-set";
import { ruleGenerator } from "@/lib/perturb/generators/rule-generator";
import {
  benchmarkItems,
  criticFigures,
  DEV_JUDGEMENTS_PATH,
  FRESH_JUDGEMENTS_PATH,
  loadFreshJudgements,
  modelPath,
  pathFigures,
  scorePath,
} from "@/lib/perturb/model-benchmark";
import { DEFAULT_RECORDING_PATH } from "@/lib/perturb/model-recording";
import { seededRandom, shuffled } from "@/lib/random/seeded";
import { existsSync } from "node:fs";

const { values } = parseCli(
  { url: import.meta.url },
  {
    options: {
      recording: { type: "string", default: DEFAULT_RECORDING_PATH },
      live: { type: "boolean", default: false },
      pending: { type: "string" },
      /** Print this many held-out candidates of the model path drawn at random, for a closing note. */
      sample: { type: "string", default: "0" },
      seed: { type: "string", default: "42" },
      /** heldout (default): the fresh held-out set and location; dev: the older set's dev half, where the prompts are tuned. */
      set: { type: "string", default: "heldout" },
    },
  },
);

const dev = values.set === "dev";
const judgementsFile = dev ? DEV_JUDGEMENTS_PATH : FRESH_JUDGEMENTS_PATH;
const judgements = existsSync(judgementsFile) ? loadFreshJudgements(judgementsFile) : { raters: [], cases: {} };
const fresh = loadFreshHeldoutSet();
const items = benchmarkItems(dev ? "dev" : "heldout");
const prefix = dev ? "dev" : "heldout";

/** "Propose negation perturbations … | Why do we need…": what a request was for, in the recording. */
function requestLabel(messages: ReadonlyArray<{ content: string | null }>): string {
  const user = messages[messages.length - 1]?.content ?? "";
  const comment = /name="(?:review_comment|original_comment)">>>\n([\s\S]{0,60})/.exec(user)?.[1] ?? "";
  return `${user.split("\n")[0]} | ${comment.replace(/\s+/g, " ")}`;
}

let replay: ReplayServer | undefined;
let client: LlmClient;
let modelName: string;
if (values.live) {
  const live = perturbationLlmClient(config());
  if (!live) throw new Error("--live needs a model: set PERTURB_LLM_BASE_URL and PERTURB_LLM_MODEL (or LLM_BASE_URL and LLM_MODEL)");
  client = live;
  modelName = live.model;
} else {
  const recording = loadRecording(values.recording);
  replay = await startReplayServer(recording, { pendingFile: values.pending, labelOf: requestLabel });
  client = createLlmClient({ baseUrl: replay.url, model: recording.model, maxRetries: 0, concurrency: 4 });
  modelName = `${recording.model} (recorded; answered by ${recording.answeredBy})`;
}

if (dev) console.log(`# dev (tuning): ${items.length / 2} comments of the older set's dev half`);
else
  console.log(
    `# held-out: ${fresh.cases.length} comments (${fresh.source}, frozen ${fresh.frozenAt}); location: ${items.filter((i) => i.input.kind === "location").length} release thread comments`,
  );
console.log(`# model: ${modelName}; raters: ${judgements.raters.map((r) => r.name).join(", ") || "none yet"}`);
const model = await scorePath(items, modelPath(client, createMemoryLlmCache()), judgements);
const rules = await scorePath(items, [ruleGenerator()], judgements);
for (const line of pathFigures(`${prefix}_model`, model.outcomes)) console.log(line);
for (const line of pathFigures(`${prefix}_rules`, rules.outcomes)) console.log(line);
for (const line of criticFigures(model.criticCalls, judgements))
  console.log(!dev ? line : line.startsWith("#") ? `# dev ${line.slice(2)}` : `dev_${line}`);
if (replay) {
  console.log(`replayed_answers=${replay.hits}`);
  console.log(
    `unanswered_requests=${replay.misses.length}${values.pending && replay.misses.length ? ` (written to ${values.pending})` : ""}`,
  );
  await replay.close();
}
const failures = model.failures.filter((f) => !/no_recorded_answer|No recorded answer/.test(f));
if (failures.length > 0) console.log(`# ${failures.length} model failures other than unanswered requests, e.g. ${failures[0]}`);

const sampleSize = Number(values.sample);
if (sampleSize > 0) {
  const seed = Number(values.seed);
  const shown = model.outcomes.flatMap((o) => o.top.map((t, rank) => ({ id: o.id, kind: o.kind, original: o.body, rank: rank + 1, ...t })));
  console.log(`# ${sampleSize} of ${shown.length} model-path candidates (top 3), drawn with seed ${seed}:`);
  for (const t of shuffled(shown, seededRandom(seed)).slice(0, sampleSize)) {
    const what = t.kind === "location" ? `moved to ${t.spec}` : `${JSON.stringify(t.original)} → ${JSON.stringify(t.body)}`;
    console.log(`sample ${t.id} ${t.kind} #${t.rank} ${t.origin} ${t.judgement}: ${what}`);
  }
}
