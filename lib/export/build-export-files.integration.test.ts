import { describe, expect, test } from "vitest";
import { agreementReport } from "@/lib/annotate/agreement-report";
import { agreementSummary } from "@/lib/annotate/agreement-summary";
import { buildExportFiles, MANIFEST_PATH, TASKS_MANIFEST_PATH, type ExportFilesInput } from "./build-export-files";
import { contentHashOf, sha256Hex } from "./build-manifest";
import { buildJudgeTask } from "./build-judge-task";
import { datasetStatistics } from "./dataset-statistics";
import { evalIdFor } from "./eval-id";
import { funnelSteps } from "./funnel";
import type { ReleasedRow } from "./released-row-schema";
import { findJudgeLeaks } from "./find-judge-leaks";
import { releasedSampleRows } from "./testing/released-sample";

const SECRET_A = "a".repeat(64);
const SECRET_B = "b".repeat(64);
const decode = (b: Uint8Array) => new TextDecoder().decode(b);

function input(secret: string, rows = releasedSampleRows()): ExportFilesInput {
  const byPr = (r: ReleasedRow) =>
    r.pull_request.pull_number === 412 ? "test" : r.pull_request.pull_number === 455 ? "validation" : "train";
  const bySplit = {
    train: rows.filter((r) => byPr(r) === "train"),
    validation: rows.filter((r) => byPr(r) === "validation"),
    test: rows.filter((r) => byPr(r) === "test"),
  };
  return {
    title: "Sample",
    rows: bySplit,
    statistics: datasetStatistics(bySplit),
    split: { method: "imported", seed: 0 },
    funnel: funnelSteps({
      repositoriesSelected: 2,
      pullRequestsHarvested: 5,
      pullRequestsKept: 5,
      instancesCreated: 11,
      droppedByRules: 0,
      droppedByLlm: 0,
      passedScreening: 11,
      unsuitable: 0,
      labelledTrustworthy: 8,
      labelledUntrustworthy: 3,
      perturbationsGenerated: 4,
      perturbationsAccepted: 4,
      exported: 15,
    }),
    agreement: agreementSummary(agreementReport([]), { annotated: 0, adjudicated: 0 }),
    evalIdSecret: secret,
  };
}

describe("the export's files", () => {
  const a = buildExportFiles(input(SECRET_A));

  test("the hub profile's dataset part is the card and three JSONL files at the root, and a manifest of their hashes", () => {
    expect([...a.dataset.keys()].sort()).toEqual(["README.md", MANIFEST_PATH, "test.jsonl", "train.jsonl", "validation.jsonl"]);
    expect(a.manifest.profile).toBe("hub");
  });

  test("the github profile's dataset part is the card, three JSONL and three Parquet files under data/, and a manifest of their hashes", () => {
    const g = buildExportFiles({ ...input(SECRET_A), profile: "github" });
    expect([...g.dataset.keys()].sort()).toEqual([
      "README.md",
      "data/test.jsonl",
      "data/test.parquet",
      "data/train.jsonl",
      "data/train.parquet",
      "data/validation.jsonl",
      "data/validation.parquet",
      MANIFEST_PATH,
    ]);
    expect(g.manifest.rows).toEqual({ train: 8, validation: 2, test: 5 });
    for (const f of g.manifest.files) expect(sha256Hex(g.dataset.get(f.path)!)).toBe(f.sha256);
    expect(g.manifest.content_hash).toBe(contentHashOf(g.manifest.files));
    expect(JSON.parse(decode(g.dataset.get(MANIFEST_PATH)!))).toEqual(g.manifest);
    const test = decode(g.dataset.get("data/test.jsonl")!);
    expect(test.endsWith("\n")).toBe(true);
    const ids = test
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l).instance_id as string);
    expect(ids).toEqual([...ids].sort());
  });

  test("the same rows export to identical bytes, whatever order they arrive in; the secret changes only the tasks", () => {
    const again = buildExportFiles(input(SECRET_A, releasedSampleRows().reverse()));
    for (const [path, data] of a.dataset) expect(Buffer.from(again.dataset.get(path)!).equals(Buffer.from(data))).toBe(true);
    for (const [path, data] of a.tasks) expect(Buffer.from(again.tasks.get(path)!).equals(Buffer.from(data))).toBe(true);
    const b = buildExportFiles(input(SECRET_B));
    expect(b.manifest.content_hash).toBe(a.manifest.content_hash);
    expect(b.tasksManifest.content_hash).not.toBe(a.tasksManifest.content_hash);
    const idsA = new Set(a.items.map((i) => i.evalId));
    expect(b.items.filter((i) => idsA.has(i.evalId))).toEqual([]);
  });

  test("one task bundle per row, in its split's folder, with the whitelisted task.json", () => {
    expect(a.items).toHaveLength(15);
    expect(a.tasksManifest.tasks).toBe(15);
    const row = releasedSampleRows().find((r) => r.perturbation_kind === "location")!;
    const evalId = evalIdFor(row, SECRET_A);
    const task = JSON.parse(decode(a.tasks.get(`tasks/test/${evalId}/task/task.json`)!));
    expect(task).toEqual(buildJudgeTask(row, evalId));
    expect(task).toEqual({
      eval_id: evalId,
      repo: "geomkit/curvefit",
      language: "Python",
      pull_request: { base_commit: row.pull_request.base_commit, title: row.pull_request.title, body: row.pull_request.body },
      target_comment: {
        body: expect.stringContaining("already excludes the boundary"),
        review_path: "tests/test_spline.py",
        diff_hunk: expect.stringMatching(/^@@ -41,3/),
        type: "inline",
      },
      patch_file: "/testbed/task/review.patch",
      repository_state: "base_commit; patch is not applied",
    });
    expect(decode(a.tasks.get(`tasks/test/${evalId}/task/review.patch`)!)).toBe(row.pull_request.patch_to_review);
    const script = decode(a.tasks.get(`tasks/test/${evalId}/checkout.sh`)!);
    expect(script).toContain(`https://github.com/geomkit/curvefit.git}"`);
    expect(script).toContain(`fetch -q --depth 1 "$url" ${row.pull_request.base_commit}`);
    expect(a.tasks.has(TASKS_MANIFEST_PATH)).toBe(true);
  });

  test("eval_ids are opaque: no sample key, PR number or sha inside, and stable only under the same secret", () => {
    for (const row of releasedSampleRows()) {
      const id = evalIdFor(row, SECRET_A);
      expect(id).toMatch(/^eval_[0-9a-f]{24}$/);
      expect(id).not.toContain(row.pull_request.base_commit.slice(0, 7));
      expect(id).not.toContain(String(row.pull_request.pull_number));
      expect(evalIdFor(row, SECRET_A)).toBe(id);
      expect(evalIdFor(row, SECRET_B)).not.toBe(id);
    }
    expect(() => evalIdFor(releasedSampleRows()[0], "short")).toThrow(/at least 32/);
  });
});

describe("leak test over every judge-visible file (sample with negation, symbol and location perturbations)", () => {
  const files = buildExportFiles(input(SECRET_A));
  const judgeFiles = [...files.tasks].map(([path, data]) => ({ path: path.replace(/^tasks\//, ""), text: decode(data) }));
  const rowOf = new Map(releasedSampleRows().map((r) => [evalIdFor(r, SECRET_A), r]));

  test("no label, source, perturbation kind, #perturb suffix, later reply, identity or review state reaches a judge", () => {
    expect(new Set([...rowOf.values()].map((r) => r.perturbation_kind).filter(Boolean))).toEqual(
      new Set(["negation", "symbol", "location"]),
    );
    expect(judgeFiles.length).toBe(15 * 3 + 1);
    expect(findJudgeLeaks(judgeFiles, rowOf)).toEqual([]);
  });

  test("the checker does catch leaks: a reviewer login, a reply, a label field and the sample key", () => {
    const row = releasedSampleRows().find((r) => r.judged_entry_id === 2081554301 && !r.perturbation_kind)!;
    const evalId = evalIdFor(row, SECRET_A);
    const path = `test/${evalId}/task/task.json`;
    const task = JSON.parse(judgeFiles.find((f) => f.path === path)!.text);
    const leaky = (extra: object) => judgeFiles.map((f) => (f.path === path ? { path, text: JSON.stringify({ ...task, ...extra }) } : f));
    expect(findJudgeLeaks(leaky({ note: "tbaumann" }), rowOf).join("\n")).toMatch(
      /not exactly the whitelist[\s\S]*reviewer or author identity "tbaumann"/,
    );
    expect(findJudgeLeaks(leaky({ later: "Yes, that's the case from #398. Added a comment in the next push." }), rowOf).join("\n")).toMatch(
      /inline_reply text/,
    );
    expect(findJudgeLeaks(leaky({ trustworthy: true }), rowOf).join("\n")).toMatch(/label field/);
    expect(findJudgeLeaks([...judgeFiles, { path: "test/extra.txt", text: row.instance_id }], rowOf).join("\n")).toMatch(
      /unexpected judge-visible file[\s\S]*instance_id/,
    );
  });
});
