// Hands the fresh held-out set's candidates to raters and merges their calls back (issue #42).
// `--export F` writes one JSON line per comment and kind with every candidate that any figure needs:
// the model path's top three, the rules' top three, and every model proposal the critic saw (critic
// precision and recall) — shuffled, with nothing saying who made a candidate or what the critic said.
// The rater fills each candidate's `judgement` ("good" or "bad") with the criteria of
// lib/perturb/fixtures/real-review-set.md; `--merge F --rater NAME` stores that rater's calls in
// lib/perturb/fixtures/fresh-heldout-judgements.json, apart from the other raters' (the figures use
// their strict consensus). The model is the recorded one unless --live.
// Run: npx tsx scripts/rate-fresh-heldout.ts --export /tmp/rate.jsonl | --merge F --rater NAME
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { parseCli } from "@/lib/cli/parse-cli";
import { DEFAULT_RECORDING_PATH } from "@/lib/perturb/model-recording";
import type { FreshRatings } from "@/lib/perturb/model-benchmark";

const { values } = parseCli(
  { url: import.meta.url },
  {
    options: {
      export: { type: "string" },
      merge: { type: "string" },
      rater: { type: "string" },
      recording: { type: "string", default: DEFAULT_RECORDING_PATH },
      seed: { type: "string", default: "4207" },
      /** heldout (default) or dev: the older set's dev half (judgements in model-dev-judgements.json). */
      set: { type: "string", default: "heldout" },
    },
  },
);

// the rest loads once the flags are read: --help and a wrong flag answer without loading the stages
const [
  { createLlmClient },
  { loadRecording },
  { startReplayServer },
  { ruleGenerator },
  { benchmarkItems, DEV_JUDGEMENTS_PATH, FRESH_JUDGEMENTS_PATH, loadFreshRatings, modelPath, scorePath },
  { seededRandom, shuffled },
] = await Promise.all([
  import("@/lib/llm/client"),
  import("@/lib/llm/recorded-answers"),
  import("@/lib/llm/replay-server"),
  import("@/lib/perturb/generators/rule-generator"),
  import("@/lib/perturb/model-benchmark"),
  import("@/lib/random/seeded"),
]);

const ratingLineSchema = z.object({
  id: z.string(),
  kind: z.enum(["negation", "symbol", "location"]),
  candidates: z.array(z.object({ spec: z.string(), judgement: z.enum(["good", "bad"]) })),
});

const judgementsFile = values.set === "dev" ? DEV_JUDGEMENTS_PATH : FRESH_JUDGEMENTS_PATH;
const ratings: FreshRatings = existsSync(judgementsFile) ? loadFreshRatings(judgementsFile) : { raters: [], ratings: {} };

if (values.export) {
  const items = benchmarkItems(values.set === "dev" ? "dev" : "heldout");
  const recording = loadRecording(values.recording);
  const replay = await startReplayServer(recording);
  const client = createLlmClient({ baseUrl: replay.url, model: recording.model, maxRetries: 0 });
  const empty = { raters: [], cases: {} };
  const model = await scorePath(items, modelPath(client), empty);
  const rules = await scorePath(items, [ruleGenerator()], empty);
  await replay.close();
  const random = seededRandom(Number(values.seed));
  const lines: string[] = [];
  for (const item of items) {
    const { id } = item.input.comment;
    const kind = item.input.kind;
    const candidates = new Map<string, { spec: string; edited?: string; path?: string | null; hunk?: string | null }>();
    const add = (spec: string, body: string, place: { path: string | null; diffHunk: string | null }) => {
      if (candidates.has(spec)) return;
      candidates.set(spec, kind === "location" ? { spec, path: place.path, hunk: place.diffHunk } : { spec, edited: body });
    };
    for (const o of [...model.outcomes, ...rules.outcomes].filter((k) => k.id === id && k.kind === kind))
      for (const t of o.top) add(t.spec, t.body, t.place);
    for (const call of model.criticCalls.filter((k) => k.id === id && k.kind === kind)) add(call.spec, call.body, call.place);
    if (candidates.size === 0) continue;
    lines.push(
      JSON.stringify({
        id,
        kind,
        comment: item.original,
        ...(kind === "location" ? { path: item.input.comment.path } : {}),
        code: item.input.comment.diffHunk ?? item.input.patch,
        candidates: shuffled([...candidates.values()], random).map((c) => ({ ...c, judgement: null })),
      }),
    );
  }
  writeFileSync(values.export, `${shuffled(lines, random).join("\n")}\n`);
  console.log(`exported_lines=${lines.length}`);
  console.log(`exported_candidates=${lines.reduce((n, l) => n + JSON.parse(l).candidates.length, 0)}`);
}

if (values.merge) {
  const rater = values.rater;
  if (!rater) throw new Error("--merge needs --rater NAME");
  const mine = ratings.ratings[rater] ?? {};
  ratings.ratings[rater] = mine;
  let merged = 0;
  for (const line of readFileSync(values.merge, "utf8")
    .split("\n")
    .filter((l) => l.trim())) {
    const rating = ratingLineSchema.parse(JSON.parse(line));
    const entry = mine[rating.id] ?? {};
    mine[rating.id] = entry;
    const j = entry[rating.kind] ?? { good: [], bad: [] };
    entry[rating.kind] = j;
    for (const c of rating.candidates) {
      if (j.good.includes(c.spec) || j.bad.includes(c.spec)) continue;
      j[c.judgement].push(c.spec);
      merged++;
    }
  }
  if (!ratings.raters.some((r) => r.name === rater)) ratings.raters.push({ name: rater, judged: new Date().toISOString().slice(0, 10) });
  writeFileSync(judgementsFile, `${JSON.stringify(ratings, null, 1)}\n`);
  console.log(`merged=${merged}`);
}
