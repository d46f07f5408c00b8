import { describe, expect, test } from "vitest";
import { decideSelection, type RepositoryFacts } from "./decide-selection";
import { PAPER_SELECTION_CRITERIA, SelectionCriteriaSchema, activityWindow } from "./selection-criteria";

const pandasLike: RepositoryFacts = {
  fullName: "pandas-dev/pandas",
  starRank: 12,
  prCount: 31_402,
  commitsInWindow: 2_310,
  prsInWindow: 1_877,
};

describe("decideSelection with the paper's criteria", () => {
  test("a popular, active repository with many PRs is selected with the facts that justify it", () => {
    expect(decideSelection(pandasLike, PAPER_SELECTION_CRITERIA)).toEqual({
      status: "selected",
      reason: "31,402 PRs > 1,500; 2,310 commits and 1,877 PRs between 2024-08-15 and 2025-08-15; #12 by stars",
    });
  });

  test("exactly 1,500 PRs is not more than 1,500", () => {
    expect(decideSelection({ ...pandasLike, prCount: 1_500 }, PAPER_SELECTION_CRITERIA)).toEqual({
      status: "rejected",
      reason: "1,500 PRs ≤ 1,500 required",
    });
    expect(decideSelection({ ...pandasLike, prCount: 1_501 }, PAPER_SELECTION_CRITERIA).status).toBe("selected");
  });

  test("a dormant repository is rejected even with many PRs", () => {
    expect(decideSelection({ ...pandasLike, commitsInWindow: 0, prsInWindow: 0 }, PAPER_SELECTION_CRITERIA)).toEqual({
      status: "rejected",
      reason: "no commit or PR between 2024-08-15 and 2025-08-15",
    });
  });

  test("one PR in the window is enough activity without commits", () => {
    expect(decideSelection({ ...pandasLike, commitsInWindow: 0, prsInWindow: 1 }, PAPER_SELECTION_CRITERIA)).toEqual({
      status: "selected",
      reason: "31,402 PRs > 1,500; 0 commits and 1 PR between 2024-08-15 and 2025-08-15; #12 by stars",
    });
    expect(decideSelection({ ...pandasLike, prCount: 1 }, { ...PAPER_SELECTION_CRITERIA, minPrs: 0 }).reason).toMatch(/^1 PR > 0;/);
  });

  test("rank outside the top N and deleted repositories are rejected first", () => {
    expect(decideSelection({ ...pandasLike, starRank: 1_001 }, PAPER_SELECTION_CRITERIA).reason).toBe(
      "ranked #1,001 by stars, outside the top 1,000",
    );
    expect(decideSelection({ ...pandasLike, notFound: true }, PAPER_SELECTION_CRITERIA)).toEqual({
      status: "rejected",
      reason: "not found on GitHub (deleted, renamed or made private)",
    });
  });
});

describe("selection criteria", () => {
  test("default to the paper's numbers", () => {
    expect(PAPER_SELECTION_CRITERIA).toEqual({
      language: "Python",
      top: 1000,
      minPrs: 1500,
      activeFrom: "2024-08-15",
      activeTo: "2025-08-15",
    });
  });
  test("the window includes its last day", () => {
    expect(activityWindow(PAPER_SELECTION_CRITERIA)).toEqual({ since: "2024-08-15T00:00:00Z", until: "2025-08-15T23:59:59Z" });
  });
  test("reject a search beyond the 1,000-result cap and reversed windows", () => {
    expect(SelectionCriteriaSchema.safeParse({ top: 1500 }).success).toBe(false);
    expect(SelectionCriteriaSchema.safeParse({ activeFrom: "2025-08-16", activeTo: "2025-08-15" }).success).toBe(false);
  });
});
