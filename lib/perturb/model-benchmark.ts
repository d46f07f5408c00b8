import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { LlmCache } from "@/lib/llm/cache";
import type { LlmClient } from "@/lib/llm/client";
import { type FreshCase, loadFreshHeldoutSet } from "./fresh-heldout-set";
import type { CandidateGenerator, GeneratorInput, WithheldProposal } from "./generators/candidate-generator";
import { modelGenerator } from "./generators/model-generator";
import { offerCandidates } from "./generators/offer-candidates";
import { ruleGenerator } from "./generators/rule-generator";
import type { ProposedCandidate } from "./proposed-candidate";
import { editSpec, loadRealSet, type RealCase } from "./real-eval-set";
import { type LocationSetting, loadRealExtract, locationSettings, locationSpec } from "./real-location";

// Scores the offer the page makes (issue #42): on the fresh held-out set for negation and symbol, and on
// the release's real threads for location. Per comment and kind: the model path (the model's candidates
// that pass the checks and the critic, then the rules') and the rules alone; each ranking's top three
// judged by raters who never saw the prompts, rules or critic. Criteria: fixtures/real-review-set.md.

export type ModelKind = "negation" | "symbol" | "location";
export type Judgement = "good" | "bad" | "unjudged";

export const FRESH_JUDGEMENTS_PATH = path.join(process.cwd(), "lib/perturb/fixtures/fresh-heldout-judgements.json");
/** The dev round's judgements: the older set's dev half, where prompts and the critic are tuned. */
export const DEV_JUDGEMENTS_PATH = path.join(process.cwd(), "lib/perturb/fixtures/model-dev-judgements.json");

const kindJudgementSchema = z.object({ good: z.array(z.string()).default([]), bad: z.array(z.string()).default([]) });
const caseJudgementSchema = z.object({
  negation: kindJudgementSchema.optional(),
  symbol: kindJudgementSchema.optional(),
  location: kindJudgementSchema.optional(),
});
/** Each rater's own calls, kept apart; the figures use their strict consensus (consensusOf). */
export const freshRatingsSchema = z.object({
  raters: z.array(z.object({ name: z.string(), judged: z.string() })),
  ratings: z.record(z.string(), z.record(z.string(), caseJudgementSchema)),
});
export type FreshRatings = z.infer<typeof freshRatingsSchema>;
export type FreshJudgements = { raters: FreshRatings["raters"]; cases: Record<string, z.infer<typeof caseJudgementSchema>> };

/**
 * Strict consensus (issue #42: "a careful expert would accept it as is"): a candidate is good when every
 * rater who judged it called it good, bad when any called it bad.
 */
export function consensusOf(ratings: FreshRatings): FreshJudgements {
  const cases: FreshJudgements["cases"] = {};
  for (const byCase of Object.values(ratings.ratings)) {
    for (const [id, kinds] of Object.entries(byCase)) {
      cases[id] ??= {};
      for (const kind of ["negation", "symbol", "location"] as const) {
        const j = kinds[kind];
        if (!j) continue;
        const into = cases[id][kind] ?? { good: [], bad: [] };
        cases[id][kind] = into;
        for (const spec of j.bad) if (!into.bad.includes(spec)) into.bad.push(spec);
        for (const spec of j.good) if (!into.good.includes(spec)) into.good.push(spec);
      }
    }
  }
  for (const kinds of Object.values(cases))
    for (const j of Object.values(kinds)) if (j) j.good = j.good.filter((spec) => !j.bad.includes(spec));
  return { raters: ratings.raters, cases };
}

export function loadFreshRatings(file = FRESH_JUDGEMENTS_PATH): FreshRatings {
  return freshRatingsSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

export function loadFreshJudgements(file = FRESH_JUDGEMENTS_PATH): FreshJudgements {
  return consensusOf(loadFreshRatings(file));
}

/** The one stretch where a text candidate differs from the comment, as "before => after @start". */
export function specOf(original: string, c: Pick<ProposedCandidate, "kind" | "perturbed">): string {
  if (c.kind === "location") return locationSpec({ path: c.perturbed.path ?? "", diffHunk: c.perturbed.diffHunk ?? "" });
  const a = original;
  const b = c.perturbed.body;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  // an edit inside a word covers the whole word ("load_entry" → "load_entry_impl")
  const word = (ch: string | undefined) => ch !== undefined && /\w/.test(ch);
  while (start > 0 && word(a[start - 1]) && (word(a[start]) || word(b[start]))) start--;
  while (endA < a.length && word(a[endA]) && (word(a[endA - 1]) || word(b[endB - 1]))) {
    endA++;
    endB++;
  }
  return editSpec({ before: a.slice(start, endA), after: b.slice(start, endB), start });
}

/** A held-out comment as the generators see it: the hunk is all the code there is. */
export function freshInput(c: FreshCase, kind: "negation" | "symbol"): GeneratorInput {
  return { kind, comment: { id: c.id, body: c.body, path: null, diffHunk: c.hunk || null }, prTitle: "", patch: c.hunk, siblings: [] };
}

/** The tuning set for the model path: the older set's CodeReviewer comments of its dev half, read like the held-out ones (hunk only). */
export function devItems(cases: readonly RealCase[]): BenchmarkItem[] {
  return cases
    .filter((c) => c.split === "dev" && c.id.startsWith("cr-"))
    .flatMap((c) =>
      (["negation", "symbol"] as const).map((kind) => ({
        input: freshInput({ id: c.id, source: c.source, body: c.body, hunk: c.hunk }, kind),
        original: c.body,
      })),
    );
}

/** A release thread comment with its place and the pull request's other places (real-location.ts). */
export function locationInput(c: RealCase, setting: LocationSetting): GeneratorInput {
  return {
    kind: "location",
    comment: { id: c.id, body: c.body, path: setting.place.path, diffHunk: setting.place.diffHunk },
    prTitle: "",
    patch: setting.patch,
    siblings: setting.others,
  };
}

export type RankedCandidate = {
  spec: string;
  body: string;
  /** location: the place the comment moves to. */
  place: { path: string | null; diffHunk: string | null };
  origin: ProposedCandidate["origin"];
  critic: string | null;
};
export type PathOutcome = {
  id: string;
  kind: ModelKind;
  body: string;
  top: Array<RankedCandidate & { judgement: Judgement }>;
  candidates: number;
};
/** A model proposal that passed the sanity checks, with the critic's call (for critic precision and recall). */
export type CriticCall = {
  id: string;
  kind: ModelKind;
  spec: string;
  body: string;
  place: RankedCandidate["place"];
  passed: boolean;
  reason: string;
};

const TOP = 3;

function judge(judgements: FreshJudgements, id: string, kind: ModelKind, spec: string): Judgement {
  const j = judgements.cases[id]?.[kind];
  if (j?.good.includes(spec)) return "good";
  if (j?.bad.includes(spec)) return "bad";
  return "unjudged";
}

export type BenchmarkItem = { input: GeneratorInput; original: string };

/**
 * The items a figure is made of: held-out (the fresh set's comments for negation and symbol, and the
 * release's inline thread comments for location) or dev (the older set's dev half, where prompts are tuned).
 */
export function benchmarkItems(set: "heldout" | "dev"): BenchmarkItem[] {
  const real = loadRealSet();
  if (set === "dev") return devItems(real.set.cases);
  const settings = locationSettings(loadRealExtract());
  return [
    ...loadFreshHeldoutSet().cases.flatMap((c) =>
      (["negation", "symbol"] as const).map((kind) => ({ input: freshInput(c, kind), original: c.body })),
    ),
    ...real.set.cases.flatMap((c) => {
      const setting = settings.get(c.id);
      return setting ? [{ input: locationInput(c, setting), original: c.body }] : [];
    }),
  ];
}

/** Every item's ranking on one path (the generators in order), and the critic's calls on the model's proposals. */
export async function scorePath(
  items: readonly BenchmarkItem[],
  generators: readonly CandidateGenerator[],
  judgements: FreshJudgements,
): Promise<{ outcomes: PathOutcome[]; criticCalls: CriticCall[]; failures: string[] }> {
  const outcomes: PathOutcome[] = [];
  const criticCalls: CriticCall[] = [];
  const failures: string[] = [];
  for (const { input, original } of items) {
    const offer = await offerCandidates(generators, input);
    failures.push(...offer.failures.map((f) => `${input.comment.id} ${input.kind}: ${f}`));
    const ranked = offer.candidates.map((c) => ({
      spec: specOf(original, c),
      body: c.perturbed.body,
      place: { path: c.perturbed.path, diffHunk: c.perturbed.diffHunk },
      origin: c.origin,
      critic: c.critic?.reason ?? null,
    }));
    outcomes.push({
      id: input.comment.id,
      kind: input.kind,
      body: original,
      candidates: ranked.length,
      top: ranked.slice(0, TOP).map((r) => ({ ...r, judgement: judge(judgements, input.comment.id, input.kind, r.spec) })),
    });
    const byCritic = (w: WithheldProposal) => w.by === "critic" && (w.origin === "llm" || input.kind === "location");
    for (const c of offer.candidates.filter((k) => k.critic))
      criticCalls.push({
        id: input.comment.id,
        kind: input.kind,
        spec: specOf(original, c),
        body: c.perturbed.body,
        place: { path: c.perturbed.path, diffHunk: c.perturbed.diffHunk },
        passed: true,
        reason: c.critic?.reason ?? "",
      });
    for (const w of offer.withheld.filter(byCritic)) {
      const spec = specOf(original, { kind: input.kind, perturbed: w.perturbed });
      criticCalls.push({
        id: input.comment.id,
        kind: input.kind,
        spec,
        body: w.perturbed.body,
        place: { path: w.perturbed.path, diffHunk: w.perturbed.diffHunk },
        passed: false,
        reason: w.reason,
      });
    }
  }
  return { outcomes, criticCalls, failures };
}

export function modelPath(client: LlmClient, cache?: LlmCache): CandidateGenerator[] {
  return [modelGenerator(client, { cache }), ruleGenerator()];
}

function rate(part: number, whole: number): string {
  return whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)}% (${part}/${whole})`;
}

/** top-1 good over comments with a candidate; yield: good top-1 over every comment of the kind. */
export function pathFigures(prefix: string, outcomes: readonly PathOutcome[]): string[] {
  const lines: string[] = [];
  for (const kind of ["negation", "symbol", "location"] as const) {
    const of = outcomes.filter((o) => o.kind === kind);
    if (of.length === 0) continue;
    const offered = of.filter((o) => o.candidates > 0);
    const good = offered.filter((o) => o.top[0]?.judgement === "good").length;
    lines.push(`${prefix}_top1_good_rate_${kind}=${rate(good, offered.length)}`);
    lines.push(`${prefix}_yield_${kind}=${rate(good, of.length)}`);
  }
  const offered = outcomes.filter((o) => o.candidates > 0);
  lines.push(`${prefix}_top3_any_bad_rate=${rate(offered.filter((o) => o.top.some((t) => t.judgement === "bad")).length, offered.length)}`);
  const good = offered.filter((o) => o.top[0]?.judgement === "good").length;
  lines.push(`${prefix}_top1_good_rate=${rate(good, offered.length)}`);
  const unjudged = outcomes.reduce((n, o) => n + o.top.filter((t) => t.judgement === "unjudged").length, 0);
  lines.push(
    `# ${prefix}: ${outcomes.length} comment-kinds, ${offered.length} with a candidate, ${unjudged} top-3 candidates unjudged (counted as not good)`,
  );
  return lines;
}

/** Critic precision (passed and good / passed and judged) and recall (passed and good / good), against the raters. */
export function criticFigures(calls: readonly CriticCall[], judgements: FreshJudgements): string[] {
  const judged = calls.map((c) => ({ ...c, judgement: judge(judgements, c.id, c.kind, c.spec) })).filter((c) => c.judgement !== "unjudged");
  const passed = judged.filter((c) => c.passed);
  const good = judged.filter((c) => c.judgement === "good");
  const both = passed.filter((c) => c.judgement === "good").length;
  return [
    `critic_precision=${rate(both, passed.length)}`,
    `critic_recall=${rate(both, good.length)}`,
    `# critic: ${calls.length} calls on proposals that passed the checks, ${judged.length} judged by the raters`,
  ];
}
