import { describe, expect, it } from "vitest";
import { demoParentComments } from "./demo-parent-comments";
import { tallyGeneratorOutput } from "@/lib/perturb/tally-generator-output";

describe("rule generators on the demo world's review comments", () => {
  const parents = demoParentComments();
  const tally = tallyGeneratorOutput(parents);

  it("covers every demo comment that becomes an instance", () => {
    expect(parents.length).toBeGreaterThan(15);
    expect(parents.some((p) => p.body.includes("test_nanmedian_all_nan"))).toBe(true);
    // the PR author's own replies are not instances, so they are never perturbed
    expect(parents.some((p) => p.body === "Good point, reworded the comment.")).toBe(false);
  });

  it("makes candidates of every kind, and every candidate passes the self-check", () => {
    for (const kind of ["negation", "symbol", "location"] as const) {
      expect(tally[kind].candidates, kind).toBeGreaterThan(0);
      expect(tally[kind].failures, kind).toEqual([]);
      expect(tally[kind].selfCheckPass, kind).toBe(tally[kind].candidates);
    }
  });

  it("offers no location move for PR-level comments", () => {
    const prLevel = parents.filter((p) => !p.path);
    expect(prLevel.length).toBeGreaterThan(0);
    expect(tally.location.withCandidates).toBeLessThanOrEqual(parents.length - prLevel.length);
  });
});
