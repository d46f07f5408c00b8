import { describe, expect, it } from "vitest";
import { z } from "zod";
import { inlineAnchorSchema } from "./candidate-schema";
import fixture from "./fixtures/review-comments.json";
import { generateCandidates } from "./generate-candidates";
import { explainSelfCheck } from "./self-check";

const fixtureSchema = z.object({
  pullRequests: z.array(
    z.object({
      key: z.string(),
      knownSymbols: z.array(z.string()),
      comments: z.array(z.object({ id: z.number(), body: z.string(), path: z.string().nullable(), diffHunk: z.string().nullable() })),
    }),
  ),
});

const { pullRequests } = fixtureSchema.parse(fixture);
const comments = pullRequests.flatMap((pr) => pr.comments.map((comment) => ({ pr, comment })));

type Tally = { comments: number; withCandidates: number; candidates: number; passed: number; failures: string[] };

function tally(): Tally {
  return { comments: 0, withCandidates: 0, candidates: 0, passed: 0, failures: [] };
}

function runAll(): Record<"negation" | "symbol" | "location", Tally> {
  const report = { negation: tally(), symbol: tally(), location: tally() };
  for (const { pr, comment } of comments) {
    const anchor = { body: comment.body, path: comment.path, diffHunk: comment.diffHunk };
    const record = (kind: keyof typeof report, perturbed: Array<typeof anchor>) => {
      const row = report[kind];
      row.comments++;
      if (perturbed.length > 0) row.withCandidates++;
      for (const candidate of perturbed) {
        row.candidates++;
        const verdict = explainSelfCheck(anchor, candidate, kind);
        if (verdict.ok) row.passed++;
        else row.failures.push(`${pr.key} #${comment.id}: ${verdict.reason} ${JSON.stringify(candidate.body)}`);
      }
    };
    const negation = generateCandidates("negation", { text: comment.body });
    record(
      "negation",
      negation.candidates.map((c) => ({ ...anchor, body: c.text })),
    );
    const symbol = generateCandidates("symbol", { text: comment.body, knownSymbols: pr.knownSymbols });
    record(
      "symbol",
      symbol.candidates.map((c) => ({ ...anchor, body: c.text })),
    );
    if (comment.path && comment.diffHunk) {
      const others = pr.comments.flatMap((o) => (o.path && o.diffHunk ? [inlineAnchorSchema.parse(o)] : []));
      const location = generateCandidates("location", {
        target: { id: comment.id, path: comment.path, diffHunk: comment.diffHunk },
        others,
      });
      record(
        "location",
        location.candidates.map((c) => ({ ...anchor, path: c.path, diffHunk: c.diffHunk })),
      );
    }
  }
  return report;
}

describe("perturbation generators on the realistic fixture set", () => {
  const report = runAll();

  it("reports, per kind, how many candidates are produced and how many pass the self-check", () => {
    for (const [kind, row] of Object.entries(report)) {
      console.log(
        `${kind}: comments=${row.comments} with_candidates=${row.withCandidates} candidates=${row.candidates} passed_self_check=${row.passed}`,
      );
    }
    expect(comments.length).toBeGreaterThanOrEqual(40);
    for (const row of Object.values(report)) {
      expect(row.failures).toEqual([]);
      expect(row.passed).toBe(row.candidates);
    }
  });

  it("produces candidates for most comments and nothing for the empty-content ones", () => {
    expect(report.negation.withCandidates).toBeGreaterThanOrEqual(30);
    expect(report.symbol.withCandidates).toBeGreaterThanOrEqual(28);
    expect(report.location.withCandidates).toBe(report.location.comments);
    for (const body of ["?", "Nice", "LGTM 👍", "Thanks!", "👍"]) {
      const result = generateCandidates("negation", { text: body });
      expect(result.candidates).toEqual([]);
      expect(result.reason).toBeTruthy();
    }
  });
});
