// Hands the real-comment set's unjudged candidates to a rater and merges the ratings back
// (issue #28). `--export F --split dev|heldout` writes one JSON line per comment and kind whose
// possibility or top-three candidates nobody has judged; the rater fills `possible` (and `why` when
// false) and each candidate's `judgement` ("good" or "bad"); `--merge F --rater NAME` adds them to
// lib/perturb/fixtures/real-review-judgements.json (or `--judgements F`, e.g. a second rater's file).
// Judgements already there are never changed. Location lines (every inline comment of the CRJudgeBench
// part) also carry the comment's own `path` and `hunk` and each move's target `path` and `hunk`.
// With --llm (LLM_BASE_URL and LLM_MODEL set) the export is the ranking the page shows once the model
// is asked: the rules' candidates and the model's proposals that pass the same checks.
// Run: npx tsx scripts/rate-perturbations.ts --export /tmp/dev.jsonl --split dev
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { parseCli } from "@/lib/cli/parse-cli";
import { config } from "@/lib/config";
import { screeningLlmClient, screeningLlmStatus } from "@/lib/llm/configured-llm";
import { realCandidates } from "@/lib/perturb/real-benchmark";
import { realRankingWithLlm } from "@/lib/perturb/real-llm-benchmark";
import {
  editSpec,
  type KindJudgement,
  loadRealJudgements,
  loadRealSet,
  REAL_JUDGEMENTS_PATH,
  realJudgementsSchema,
  realSplitSchema,
} from "@/lib/perturb/real-eval-set";
import { loadRealExtract, locationSettings, locationSpec, realLocationCandidates } from "@/lib/perturb/real-location";

const { values } = parseCli(
  { url: import.meta.url },
  {
    options: {
      export: { type: "string" },
      merge: { type: "string" },
      split: { type: "string", default: "dev" },
      rater: { type: "string" },
      /** Export the ranking with the configured LLM's proposals (LLM_BASE_URL, LLM_MODEL), as the page shows it. */
      llm: { type: "boolean", default: false },
      /** Another judgements file (a second rater's), created when missing. */
      judgements: { type: "string", default: REAL_JUDGEMENTS_PATH },
    },
  },
);

const ratingSchema = z.object({
  id: z.string(),
  kind: z.enum(["negation", "symbol", "location"]),
  possible: z.boolean(),
  why: z.string().optional(),
  candidates: z.array(z.object({ spec: z.string(), judgement: z.enum(["good", "bad"]) })),
});

/** The configured LLM's client, or a clear exit when none is configured. */
function llmClientOrExit() {
  const settings = config();
  const status = screeningLlmStatus(settings);
  if (!status.configured) {
    console.error(`--llm needs an LLM: ${status.instructions}`);
    process.exit(2);
  }
  return screeningLlmClient(settings);
}

/** The top three of a ranking that nobody has judged yet (none when the comment was judged to allow no perturbation). */
function unjudgedTop<T>(ranking: readonly T[], specOf: (item: T) => string, known: KindJudgement | undefined): T[] {
  if (known?.none) return [];
  return ranking.slice(0, 3).filter((k) => !known?.good.includes(specOf(k)) && !known?.bad.includes(specOf(k)));
}

const { set, files } = loadRealSet();
const judgements = existsSync(values.judgements) ? loadRealJudgements(values.judgements) : {};

if (values.export) {
  const split = realSplitSchema.parse(values.split);
  const lines: string[] = [];
  const client = values.llm ? llmClientOrExit() : undefined;
  for (const c of set.cases.filter((k) => k.split === split)) {
    // the rules' candidates; with --llm the ranking the page shows when the model is asked (it runs the rules itself)
    const byKind = client ? undefined : realCandidates(c, files, set.cases);
    for (const kind of ["negation", "symbol"] as const) {
      const known = judgements[c.id]?.[kind];
      const ranking = client
        ? await realRankingWithLlm(c, files, set.cases, kind, client)
        : (byKind?.[kind] ?? []).map((k) => ({ spec: editSpec(k), perturbed: k.text }));
      const open = unjudgedTop(ranking, (k) => k.spec, known);
      if (known && open.length === 0) continue;
      lines.push(
        JSON.stringify({
          id: c.id,
          kind,
          language: c.language,
          body: c.body,
          hunk: c.hunk,
          possible: known ? !known.none : null,
          why: known?.none,
          candidates: open.map((k) => ({ spec: k.spec, perturbed: k.perturbed, judgement: null })),
        }),
      );
    }
  }
  // Location (issue #28): the comment, its own place (a reply's is its thread root's) and each move's target place.
  const settings = locationSettings(loadRealExtract());
  for (const c of set.cases.filter((k) => k.split === split)) {
    const setting = settings.get(c.id);
    if (!setting) continue;
    const known = judgements[c.id]?.location;
    const open = unjudgedTop(realLocationCandidates(c, setting), locationSpec, known);
    if (known && open.length === 0) continue;
    lines.push(
      JSON.stringify({
        id: c.id,
        kind: "location",
        language: c.language,
        body: c.body,
        path: setting.place.path,
        hunk: setting.place.diffHunk,
        possible: known ? !known.none : null,
        why: known?.none,
        candidates: open.map((k) => ({ spec: locationSpec(k), path: k.path, hunk: k.diffHunk, judgement: null })),
      }),
    );
  }
  writeFileSync(values.export, `${lines.join("\n")}\n`);
  console.log(`exported=${lines.length}`);
}

if (values.merge) {
  const rater = values.rater ?? "unnamed";
  let merged = 0;
  for (const line of readFileSync(values.merge, "utf8")
    .split("\n")
    .filter((l) => l.trim())) {
    const rating = ratingSchema.parse(JSON.parse(line));
    const entry = judgements[rating.id] ?? {};
    judgements[rating.id] = entry;
    const known = entry[rating.kind] ?? { good: [], bad: [], rater };
    entry[rating.kind] = known;
    if (!rating.possible && !known.none) known.none = rating.why?.trim() || "no valid perturbation";
    for (const c of rating.candidates) {
      if (known.good.includes(c.spec) || known.bad.includes(c.spec)) continue;
      known[c.judgement].push(c.spec);
      merged++;
    }
  }
  const sorted = Object.fromEntries(Object.entries(realJudgementsSchema.parse(judgements)).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(values.judgements, `${JSON.stringify(sorted, null, 1)}\n`);
  console.log(`merged=${merged}`);
}
