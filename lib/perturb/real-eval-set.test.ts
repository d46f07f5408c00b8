import { describe, expect, it } from "vitest";
import { loadRealSet } from "./real-eval-set";

// The frozen real-comment set (issue #28): valid, both halves present, nothing from the rows kept
// for outside checks, and every comment judged for both kinds.
describe("real review comment set", () => {
  const { set } = loadRealSet();

  it("holds at least 150 real comments in a dev and a held-out half split by project", () => {
    expect(set.cases.length).toBeGreaterThanOrEqual(150);
    const projects = { dev: new Set<string>(), heldout: new Set<string>() };
    for (const c of set.cases) projects[c.split].add(c.project);
    expect(projects.dev.size).toBeGreaterThan(0);
    expect([...projects.dev].filter((p) => projects.heldout.has(p))).toEqual([]);
  });

  it("leaves out the rows kept for outside checks (manim PR 166, PostHog PR 10293)", () => {
    expect(set.cases.filter((c) => /manim-166@|posthog-10293@/i.test(c.source))).toEqual([]);
  });
});
