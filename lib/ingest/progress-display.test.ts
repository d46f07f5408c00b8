import { describe, expect, test } from "vitest";
import { exitCodeFor, foldProgress, initialProgress, progressBar, renderProgress, renderSummary } from "./progress-display";
import type { IngestSummary } from "./run-ingest";

describe("CLI progress display", () => {
  test("exit codes tell a cron wrapper partial from succeeded and failed", () => {
    expect(["succeeded", "interrupted", "partial", "failed"].map((s) => exitCodeFor(s as IngestSummary["status"]))).toEqual([0, 0, 3, 1]);
  });

  test("bars fill with progress and show a count when the total is unknown", () => {
    expect(progressBar(0, 10, 10)).toBe("[..........] 0/10");
    expect(progressBar(5, 10, 10)).toBe("[#####.....] 5/10");
    expect(progressBar(12, 10, 10)).toBe("[##########] 12/10");
    expect(progressBar(7, null, 4)).toBe("[····] 7");
  });

  test("events fold into one status line", () => {
    let s = initialProgress();
    s = foldProgress(s, { type: "phase", phase: "harvest", message: "harvesting 3 repositories" });
    s = foldProgress(s, {
      type: "repository",
      fullName: "acme/widgets",
      status: "page",
      prsDone: 25,
      prsTotal: 50,
      reposDone: 1,
      reposTotal: 3,
    });
    s = foldProgress(s, { type: "usage", requests: 17, rateLimitRemaining: 4890 });
    expect(renderProgress(s)).toBe(
      "repos [####........] 1/3 | acme/widgets PRs [############............] 25/50 | requests 17 | budget 4890",
    );
  });

  test("the summary gives status, the PRs not harvested, per-repository outcomes, requests per PR and the budget left", () => {
    const summary: IngestSummary = {
      runId: "run1",
      status: "partial",
      error: "1 item not harvested",
      holes: [
        {
          repository: "acme/widgets",
          key: "#7",
          prNumber: 7,
          reason: "could not page comments: timeout",
          attempts: 1,
          permanent: false,
          firstSeenAt: "2025-09-01T00:00:00.000Z",
          lastTriedAt: "2025-09-01T00:00:00.000Z",
        },
      ],
      selection: { reused: false, selected: 2, rejected: 98, undecided: 0 },
      repositories: [{ fullName: "acme/widgets", outcome: "harvested", prsStored: 40, prsUnchanged: 0, prsSkipped: 1 }],
      prsStored: 40,
      prsUnchanged: 0,
      prsSkipped: 1,
      requests: 6,
      graphqlRequests: 5,
      restRequests: 1,
      notModified: 0,
      secondaryRateLimits: 0,
      rateLimitRemaining: 4950,
      rateLimitResetAt: "2025-09-01T01:00:00.000Z",
      errors: 1,
      durationMs: 12_340,
    };
    const text = renderSummary(summary);
    expect(text).toContain("run run1: partial (1 item not harvested)");
    expect(text).toContain("acme/widgets PR #7: could not page comments: timeout — retried by the next run (attempt 1)");
    expect(text).toContain("selection: 2 selected, 98 rejected");
    expect(text).toMatch(/acme\/widgets\s+harvested\s+stored 40, unchanged 0, skipped 1/);
    expect(text).toContain("requests per stored PR 0.150");
    expect(text).toContain("rate-limit budget left 4950 (resets 2025-09-01T01:00:00.000Z); 12.3 s");
  });
});
