import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import type { PipelineCounts } from "./pipeline-counts";
import {
  FUNNEL_STAGES,
  FUNNEL_TARGETS_SETTING_KEY,
  loadFunnelTargets,
  PAPER_FUNNEL,
  pipelineFunnel,
  resetFunnelTargets,
  saveFunnelTargets,
} from "./pipeline-funnel";

const COUNTS: PipelineCounts = {
  repositories: { total: 4, selected: 3, rejected: 1, candidate: 0 },
  pullRequests: { total: 40, pending: 2, kept: 30, dropped: 8 },
  instances: {
    total: 120,
    byStage: { candidate: 5, filtered_out: 15, screened: 20, annotating: 30, adjudicating: 10, labelled: 35, unsuitable: 5 },
  },
  labels: { total: 150, trustworthy: 100, untrustworthy: 30, unsuitable: 20, adjudications: 12 },
  perturbations: { total: 25, negation: 10, symbol: 8, location: 7, accepted: 14 },
  splits: { runId: "s1", createdAt: new Date("2026-01-01T00:00:00Z"), train: 30, validation: 5, test: 14 },
};

describe("pipelineFunnel", () => {
  test("counts each stage in pipeline order, against the paper's funnel by default", () => {
    const rows = pipelineFunnel(COUNTS, PAPER_FUNNEL);
    expect(rows.map((r) => [r.stage, r.actual, r.target])).toEqual([
      ["repositories", 3, null],
      ["pullRequests", 40, 7_086],
      ["comments", 120, 76_190],
      ["screened", 100, 48_027],
      ["labelled", 35, 829],
      ["verifiedNegatives", 14, 370],
      ["split", 49, 1_199],
    ]);
    expect(rows.find((r) => r.stage === "split")?.share).toBeCloseTo(49 / 1_199, 12);
    expect(rows.find((r) => r.stage === "repositories")?.share).toBeNull();
  });

  test("nothing split yet is 0 in the split", () => {
    expect(pipelineFunnel({ ...COUNTS, splits: null }, PAPER_FUNNEL).at(-1)?.actual).toBe(0);
  });
});

describe.each(TEST_DATABASE_KINDS)("the team's funnel targets on %s", (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  test("are the paper's until the team sets its own, and again after a reset", async () => {
    await resetFunnelTargets(db.prisma);
    expect(await loadFunnelTargets(db.prisma)).toEqual({ targets: PAPER_FUNNEL, source: "paper" });
    const team = { ...PAPER_FUNNEL, repositories: 10, labelled: 400, split: 600 };
    await saveFunnelTargets(db.prisma, team);
    expect(await loadFunnelTargets(db.prisma)).toEqual({ targets: team, source: "team" });
    // the change is audited with what was set
    const audited = await db.prisma.auditEvent.findFirst({ where: { action: "overview.funnel_targets" }, orderBy: { at: "desc" } });
    expect(audited?.details).toMatchObject({ targets: { labelled: 400, split: 600 } });
    await resetFunnelTargets(db.prisma);
    expect((await loadFunnelTargets(db.prisma)).source).toBe("paper");
  });

  test("a stored value that no longer reads falls back to the paper's, saying so", async () => {
    await db.prisma.setting.upsert({
      where: { key: FUNNEL_TARGETS_SETTING_KEY },
      create: { key: FUNNEL_TARGETS_SETTING_KEY, value: { labelled: "many" } },
      update: { value: { labelled: "many" } },
    });
    const loaded = await loadFunnelTargets(db.prisma);
    expect(loaded.source).toBe("paper");
    expect(loaded.problem).toMatch(/could not be read/);
    await resetFunnelTargets(db.prisma);
  });

  test("refuses a negative target", async () => {
    await expect(saveFunnelTargets(db.prisma, { ...PAPER_FUNNEL, split: -1 })).rejects.toThrow();
    expect(FUNNEL_STAGES).toHaveLength(7);
  });
});
