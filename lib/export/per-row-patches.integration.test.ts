// Issue #12: rows of one PR carry their own patch_to_review (the PR as it stood when each judged entry was
// written). A released file whose PRs have several rows with different patches imports, splits and exports
// field for field, each PR's rows in one split, and the judge bundle carries each row's own patch.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { createSplitRun } from "@/lib/split/create-split-run";
import { buildJudgeTaskBundle } from "./build-judge-task";
import { canonicalJson } from "./canonical-json";
import { exportDataset } from "./export-dataset";
import { importReleasedDataset } from "./import-released-dataset";
import { parseReleasedJsonl } from "./parse-released-jsonl";
import { readDatasetFolder } from "./read-dataset-folder";
import { judgedEntryOf } from "./released-row-schema";

const FIXTURE = fileURLToPath(new URL("./fixtures/released-per-row-patches.jsonl", import.meta.url));
const text = readFileSync(FIXTURE, "utf8");
const rows = parseReleasedJsonl("released-per-row-patches.jsonl", text, null).rows;
const canonicalSet = (list: unknown[]) => list.map((r) => canonicalJson(r)).sort();

describe.each(TEST_DATABASE_KINDS)("rows of one PR with different patches on %s", (kind) => {
  let db: Database;
  let root: string;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    root = mkdtempSync(path.join(tmpdir(), "wb-per-row-"));
  });
  afterAll(async () => {
    await db?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test("the fixture has PRs whose rows differ in patch", () => {
    const patchesOf412 = new Set(rows.filter((r) => r.pull_request.pull_number === 412).map((r) => r.pull_request.patch_to_review));
    expect(patchesOf412.size).toBe(3);
  });

  test("import keeps each row's patch, and export writes it back field for field", async () => {
    const result = await importReleasedDataset(db.prisma, [{ name: "released-per-row-patches.jsonl", text }]);
    expect(result.warnings).toEqual([]);
    const pr412 = await db.prisma.pullRequest.findFirstOrThrow({ where: { number: 412 }, select: { id: true, patch: true } });
    expect(await db.prisma.patchSnapshot.count({ where: { pullRequestId: pr412.id } })).toBe(3);
    // the PR's own patch is the one its latest judged entry saw
    expect(pr412.patch).toBe(
      rows.find((r) => r.pull_request.pull_number === 412 && judgedEntryOf(r).type === "pr_comment")?.pull_request.patch_to_review,
    );

    const run = await createSplitRun(db.prisma, { seed: 42 });
    const exported = await exportDataset(db.prisma, { splitRunId: run.splitRunId, exportsRoot: root });
    const files = await readDatasetFolder(exported.dir);
    const out = files.flatMap((f) => parseReleasedJsonl(f.name, f.text, f.split ?? null).rows.map((r) => ({ r, split: f.split })));
    expect(canonicalSet(out.map((o) => o.r))).toEqual(canonicalSet(rows));
    // rows of one PR stay in one split, whatever their patches
    const splitsOf = new Map<string, Set<string>>();
    for (const o of out) {
      const key = `${o.r.repo}#${o.r.pull_request.pull_number}`;
      splitsOf.set(key, (splitsOf.get(key) ?? new Set()).add(String(o.split)));
    }
    expect([...splitsOf.values()].every((s) => s.size === 1)).toBe(true);
    // the judge sees the row's own patch
    for (const o of out) {
      const bundle = buildJudgeTaskBundle(o.r, `eval_${"0".repeat(24)}`);
      expect(bundle.files.find((f) => f.path === "task/review.patch")?.text).toBe(o.r.pull_request.patch_to_review);
    }
  });
});
