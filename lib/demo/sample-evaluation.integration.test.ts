import { afterEach, beforeEach, describe, expect, it, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { listEvaluableExports } from "@/lib/evaluate/list-evaluable-exports";
import { loadGold } from "@/lib/evaluate/load-gold";
import { findSampleExport, loadSampleEvaluation, removeSampleEvaluation } from "./load-sample-evaluation";
import { recordEvalRun } from "@/lib/evaluate/record-eval-run";
import { SAMPLE_EXPORT_TITLE, SAMPLE_PULL_REQUESTS, sampleEvalId, sampleGoldItems } from "./sample-evaluation";

describe("the bundled sample", () => {
  const gold = sampleGoldItems();

  it("has 12 test items (7 trustworthy, 5 untrustworthy) over three repositories and every source", () => {
    const test = gold.filter((item) => item.split === "test");
    expect(test).toHaveLength(12);
    expect(test.filter((item) => item.trustworthy)).toHaveLength(7);
    expect(new Set(test.map((item) => item.repo)).size).toBe(3);
    expect(test.map((item) => item.source).sort()).toEqual([
      "human",
      "human",
      "human",
      "human",
      "human",
      "human",
      "human",
      "human",
      "location",
      "negation",
      "negation",
      "symbol",
    ]);
    expect(gold.filter((item) => item.split === "validation")).toHaveLength(2);
    expect(gold.filter((item) => item.split === "train")).toHaveLength(2);
  });

  it("perturbs only trustworthy comments of the same PR", () => {
    for (const pr of SAMPLE_PULL_REQUESTS) {
      for (const perturbation of pr.perturbations) {
        expect(pr.comments.find((comment) => comment.key === perturbation.of)?.label).toBe("trustworthy");
      }
    }
  });

  it("anchors every comment on a hunk of its PR's patch, as GitHub's diff_hunk (header to commented line)", () => {
    for (const pr of SAMPLE_PULL_REQUESTS) {
      for (const hunk of [...pr.comments.map((c) => c.hunk), ...pr.perturbations.flatMap((p) => (p.hunk ? [p.hunk] : []))]) {
        expect(hunk.startsWith("@@ ")).toBe(true);
        expect(pr.patch).toContain(hunk);
      }
    }
  });

  it("gives opaque, unique eval_ids that do not reveal the item", () => {
    const ids = gold.map((item) => item.evalId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of gold) {
      expect(item.evalId).toMatch(/^eval_[0-9a-f]{24}$/);
      expect(item.evalId).toBe(sampleEvalId(item.key));
    }
  });
});

describe.each(TEST_DATABASE_KINDS)("loading the sample on %s", (kind) => {
  let db: Database;
  // a fresh, empty database per test
  beforeEach(async () => {
    db = await openTestDatabase(kind);
  });
  afterEach(async () => db?.close());

  test("writes an export whose gold reads back as the sample's answer key, once", async () => {
    const first = await loadSampleEvaluation(db.prisma);
    expect(first.created).toBe(true);
    expect(await loadSampleEvaluation(db.prisma)).toEqual({ exportId: first.exportId, created: false });
    for (const split of ["train", "validation", "test"] as const) {
      const expected = sampleGoldItems()
        .filter((item) => item.split === split)
        .map(({ evalId, trustworthy, repo, source }) => ({ evalId, trustworthy, repo, source }))
        .sort((a, b) => (a.evalId < b.evalId ? -1 : 1));
      expect(await loadGold(db.prisma, first.exportId, split)).toEqual(expected);
    }
    const [listed] = await listEvaluableExports(db.prisma);
    expect(listed).toMatchObject({ id: first.exportId, sample: true, items: { train: 2, validation: 2, test: 12 } });
    expect(listed.label.startsWith(SAMPLE_EXPORT_TITLE)).toBe(true);
    // every split keeps whole PRs
    const assignments = await db.prisma.splitAssignment.findMany({ include: { instance: true } });
    const splitsPerPr = new Map<string, Set<string>>();
    for (const a of assignments)
      splitsPerPr.set(a.instance.pullRequestId, (splitsPerPr.get(a.instance.pullRequestId) ?? new Set()).add(a.split));
    expect([...splitsPerPr.values()].every((splits) => splits.size === 1)).toBe(true);
  });

  test("removes everything it wrote, recorded runs included, and leaves other data alone", async () => {
    const other = await db.prisma.repository.create({ data: { owner: "pandas-dev", name: "pandas", fullName: "pandas-dev/pandas" } });
    const { exportId } = await loadSampleEvaluation(db.prisma);
    expect(await findSampleExport(db.prisma)).toBe(exportId);
    const test = sampleGoldItems().filter((item) => item.split === "test");
    await recordEvalRun(db.prisma, {
      exportId,
      split: "test",
      name: "all true",
      files: [{ name: "all-true.jsonl", text: test.map((item) => JSON.stringify({ eval_id: item.evalId, prediction: true })).join("\n") }],
    });
    expect(await removeSampleEvaluation(db.prisma)).toEqual({ removed: true });
    expect(await findSampleExport(db.prisma)).toBeNull();
    expect(await db.prisma.evalRun.count()).toBe(0);
    expect(await db.prisma.instance.count()).toBe(0);
    expect(await db.prisma.splitRun.count()).toBe(0);
    expect((await db.prisma.repository.findMany()).map((r) => r.id)).toEqual([other.id]);
    expect(await removeSampleEvaluation(db.prisma)).toEqual({ removed: false });
  });
});
