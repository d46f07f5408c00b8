import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parquetMetadata } from "hyparquet";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { config } from "@/lib/config";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { toGitApplyPatch } from "@/lib/patch/released-patch";
import { openMirror } from "@/lib/repo/mirror-path";
import { createSplitRun } from "@/lib/split/create-split-run";
import { evalIdFor } from "./eval-id";
import { EXPORT_STEPS, exportDataset, type ExportResult } from "./export-dataset";
import { previewExport } from "./preview-export";
import { parseReleasedJsonl } from "./parse-released-jsonl";
import { pushExport } from "./push-export";
import { loadExportFiles } from "./read-export-files";
import type { ExportProfile } from "./export-profile";
import { readDatasetFolder } from "./read-dataset-folder";
import type { ReleasedRow } from "./released-row-schema";
import { findJudgeLeaks } from "./find-judge-leaks";
import { startFakeHubServer } from "./testing/fake-hub-server";
import { completeDemoLabels } from "./testing/label-demo-world";

const SECRET = "0123456789abcdef".repeat(4);

function walk(dir: string, prefix = ""): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    if (statSync(full).isDirectory()) for (const [k, v] of walk(full, rel)) out.set(k, v);
    else out.set(rel, readFileSync(full));
  }
  return out;
}

describe.each(TEST_DATABASE_KINDS)("splits and exports of the demo world on %s", (kind) => {
  // Every test starts from an empty database and export folder and builds what it needs.
  let db: Database;
  let root: string;
  beforeEach(async () => {
    db = await openTestDatabase(kind);
    root = mkdtempSync(path.join(tmpdir(), "wb-export-"));
  });
  afterEach(async () => {
    await db?.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** The demo world, every instance labelled, split with seed 42. */
  async function labelledSplit(): Promise<string> {
    await db.close();
    db = await openSeededTestDatabase(kind);
    await completeDemoLabels(db.prisma);
    return (await createSplitRun(db.prisma, { seed: 42 })).splitRunId;
  }
  /** That split, exported once. */
  async function exported(profile?: ExportProfile): Promise<ExportResult> {
    const splitRunId = await labelledSplit();
    return exportDataset(db.prisma, { splitRunId, exportsRoot: root, evalIdSecret: SECRET, title: "Demo Review Trust", profile });
  }

  test("with no final labels there is nothing to split, and the error says what to do", async () => {
    await expect(createSplitRun(db.prisma)).rejects.toMatchObject({ code: "nothing_to_split" });
    await expect(createSplitRun(db.prisma)).rejects.toThrow(/Finish annotation \(or import a released JSONL file\) first/);
  });

  test("every exported patch_to_review applies with git apply --check at its row's base commit in the mirror (#32 item 12)", async () => {
    const first = await exported();
    const rows = (await readDatasetFolder(first.dir)).flatMap((f) => parseReleasedJsonl(f.name, f.text, f.split!).rows);
    expect(rows.length).toBeGreaterThan(0);
    const mirrorsDir = config().MIRRORS_DIR;
    const checked = new Set<string>();
    for (const row of rows) {
      const key = `${row.repo}@${row.pull_request.base_commit}:${row.pull_request.patch_to_review}`;
      if (checked.has(key)) continue;
      checked.add(key);
      const work = mkdtempSync(path.join(tmpdir(), "wb-apply-"));
      try {
        const gitDir = openMirror(mirrorsDir, row.repo).gitDir;
        execFileSync("git", ["--git-dir", gitDir, "--work-tree", work, "checkout", row.pull_request.base_commit, "--", "."], {
          stdio: "pipe",
        });
        writeFileSync(path.join(work, ".row.patch"), toGitApplyPatch(row.pull_request.patch_to_review));
        execFileSync("git", ["apply", "--check", ".row.patch"], { cwd: work, stdio: "pipe" });
      } catch (e) {
        throw new Error(`${row.instance_id}: ${(e as { stderr?: Buffer }).stderr?.toString() ?? String(e)}`);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    }
    expect(checked.size).toBeGreaterThan(1);
  });

  test("a split takes labelled human instances and verified perturbations, keeping every PR in one split", async () => {
    await db.close();
    db = await openSeededTestDatabase(kind);
    await completeDemoLabels(db.prisma);
    const expected =
      (await db.prisma.instance.count({
        where: { source: "human", stage: "labelled", finalLabel: { in: ["trustworthy", "untrustworthy"] } },
      })) + (await db.prisma.instance.count({ where: { source: "perturbation", verification: "accepted" } }));
    const run = await createSplitRun(db.prisma, { seed: 42 });
    const splitRunId = run.splitRunId;
    expect(run.params).toMatchObject({ method: "partition", instances: expected, testShare: 0.3, validationShare: 0.15 });
    const assignments = await db.prisma.splitAssignment.findMany({ where: { splitRunId }, include: { instance: true } });
    expect(assignments).toHaveLength(expected);
    expect(assignments.some((a) => a.instance.verification === "rejected" || a.instance.finalLabel === "unsuitable")).toBe(false);
    const splitOfPr = new Map<string, Set<string>>();
    for (const a of assignments)
      splitOfPr.set(a.instance.pullRequestId, (splitOfPr.get(a.instance.pullRequestId) ?? new Set()).add(a.split));
    expect([...splitOfPr.values()].every((s) => s.size === 1)).toBe(true);
    if (run.params.method !== "partition") throw new Error("expected a partition");
    const sum = (c: { trustworthy: number; untrustworthy: number }) => c.trustworthy + c.untrustworthy;
    expect(sum(run.params.counts.train) + sum(run.params.counts.validation) + sum(run.params.counts.test)).toBe(expected);
  });

  test("exporting twice writes identical bytes and records each example's eval_id", async () => {
    const splitRunId = await labelledSplit();
    const first = await exportDataset(db.prisma, { splitRunId, exportsRoot: root, evalIdSecret: SECRET, title: "Demo Review Trust" });
    const second = await exportDataset(db.prisma, { splitRunId, exportsRoot: root, evalIdSecret: SECRET, title: "Demo Review Trust" });
    expect(second.dir).not.toBe(first.dir);
    const a = walk(first.dir);
    const b = walk(second.dir);
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [file, bytes] of a) expect(b.get(file)!.equals(bytes), file).toBe(true);
    expect(second.manifest.content_hash).toBe(first.manifest.content_hash);
    expect(second.manifest.export_hash).toBe(first.manifest.export_hash);

    const record = await db.prisma.export.findUniqueOrThrow({ where: { id: first.exportId }, include: { items: true } });
    const total = first.manifest.rows.train + first.manifest.rows.validation + first.manifest.rows.test;
    expect(record.contentHash).toBe(first.manifest.content_hash);
    expect(record.items).toHaveLength(total);
    expect(new Set(record.items.map((i) => i.evalId)).size).toBe(total);

    const fresh = await exportDataset(db.prisma, { splitRunId, exportsRoot: root, title: "Demo Review Trust" });
    expect(fresh.manifest.content_hash).toBe(first.manifest.content_hash);
    expect(fresh.tasksManifest.content_hash).not.toBe(first.tasksManifest.content_hash);
  });

  test("the github profile loads through the card's data_files layout, and each Parquet file has its split's rows", async () => {
    const first = await exported("github");
    const files = await readDatasetFolder(first.dir);
    expect(files.map((f) => [f.split, f.name])).toEqual([
      ["train", "data/train.jsonl"],
      ["validation", "data/validation.jsonl"],
      ["test", "data/test.jsonl"],
    ]);
    for (const f of files) {
      const rows = parseReleasedJsonl(f.name, f.text, f.split!).rows;
      expect(rows.length).toBe(first.manifest.rows[f.split!]);
      const parquet = readFileSync(path.join(first.dir, "data", `${f.split}.parquet`));
      const buffer = parquet.buffer.slice(parquet.byteOffset, parquet.byteOffset + parquet.byteLength) as ArrayBuffer;
      expect(Number(parquetMetadata(buffer).num_rows)).toBe(rows.length);
    }
    const all = files.flatMap((f) => parseReleasedJsonl(f.name, f.text, f.split!).rows);
    expect(new Set(all.map((r) => r.perturbation_kind).filter(Boolean))).toEqual(new Set(["negation", "symbol", "location"]));
    expect(all.find((r) => r.perturbation_kind === "negation")!.instance_id).toMatch(/^[\w.-]+__[\w.-]+-\d+@[0-9a-f]{7}#perturb-negation$/);
    const readme = readFileSync(path.join(first.dir, "README.md"), "utf8");
    const prs = new Set(all.map((r) => `${r.repo}#${r.pull_request.pull_number}`)).size;
    expect(readme).toContain(
      `| **all** | ${all.filter((r) => r.trustworthy).length} | ${all.filter((r) => !r.trustworthy).length} | ${all.length} | ${prs} | – |`,
    );
    expect(readme).toContain("| Instances labelled independently by two or more annotators |");
  });

  test("leak test: no judge-visible file carries a label, source, kind, suffix, later reply, identity or review state", async () => {
    const first = await exported();
    const rows: ReleasedRow[] = (await readDatasetFolder(first.dir)).flatMap((f) => parseReleasedJsonl(f.name, f.text, f.split!).rows);
    const rowOf = new Map(rows.map((r) => [evalIdFor(r, SECRET), r]));
    const tasks = [...walk(path.join(first.dir, "tasks"))].map(([p, data]) => ({ path: p, text: data.toString("utf8") }));
    expect(tasks.length).toBe(rows.length * 3 + 1);
    expect(findJudgeLeaks(tasks, rowOf)).toEqual([]);
  });

  test("the card the split page previews is the card the export writes, for each layout; the steps are reported in order", async () => {
    const splitRunId = await labelledSplit();
    for (const profile of ["hub", "github"] as const) {
      const steps: string[] = [];
      const result = await exportDataset(db.prisma, {
        splitRunId,
        exportsRoot: root,
        title: "Demo Review Trust",
        profile,
        onStep: async (step, done, total) => {
          steps.push(`${done}/${total} ${step}`);
        },
      });
      expect(steps).toEqual(EXPORT_STEPS.map((step, i) => `${i + 1}/${EXPORT_STEPS.length} ${step}`));
      const preview = await previewExport(db.prisma, splitRunId, { title: "Demo Review Trust", profile });
      expect(readFileSync(path.join(result.dir, "README.md"), "utf8")).toBe(preview.card);
    }
  });

  test("an export stopped at any step up to its files being written (a cancelled job) leaves no folder and no Export row", async () => {
    const splitRunId = await labelledSplit();
    const exportsBefore = await db.prisma.export.count();
    for (const stopAt of EXPORT_STEPS.slice(0, 3)) {
      const outDir = path.join(root, stopAt.replace(/\W+/g, "-"));
      await expect(
        exportDataset(db.prisma, {
          splitRunId,
          outDir,
          onStep: async (step) => {
            if (step === stopAt) throw new Error(`stopped after ${step}`);
          },
        }),
      ).rejects.toThrow(`stopped after ${stopAt}`);
      expect(readdirSync(root)).toEqual([]);
    }
    expect(await db.prisma.export.count()).toBe(exportsBefore);
  });

  test("a split whose instances lost their label is refused until a new split is made", async () => {
    const splitRunId = await labelledSplit();
    const assigned = await db.prisma.splitAssignment.findFirstOrThrow({ where: { splitRunId, instance: { source: "human" } } });
    const before = await db.prisma.instance.findUniqueOrThrow({ where: { id: assigned.instanceId } });
    await db.prisma.instance.update({ where: { id: before.id }, data: { stage: "unsuitable", finalLabel: "unsuitable" } });
    await expect(exportDataset(db.prisma, { splitRunId, exportsRoot: root })).rejects.toMatchObject({ code: "stale_split" });
    await db.prisma.instance.update({ where: { id: before.id }, data: { stage: before.stage, finalLabel: before.finalLabel } });
    await expect(exportDataset(db.prisma, { splitRunId, exportsRoot: root })).resolves.toMatchObject({ exportId: expect.any(String) });
  });

  test("the hub profile writes the split files at the root without Parquet, as the Hub release; they read back the same", async () => {
    const splitRunId = await labelledSplit();
    const options = { splitRunId, exportsRoot: root, evalIdSecret: SECRET, title: "Demo Review Trust" };
    const hub = await exportDataset(db.prisma, { ...options, profile: "hub" });
    const github = await exportDataset(db.prisma, { ...options, profile: "github" });
    expect(hub.manifest.files.map((f) => f.path).sort()).toEqual(["README.md", "test.jsonl", "train.jsonl", "validation.jsonl"]);
    const hubFiles = await readDatasetFolder(hub.dir);
    expect(hubFiles.map((f) => [f.split, f.name])).toEqual([
      ["train", "train.jsonl"],
      ["validation", "validation.jsonl"],
      ["test", "test.jsonl"],
    ]);
    const githubFiles = await readDatasetFolder(github.dir);
    expect(hubFiles.map((f) => f.text)).toEqual(githubFiles.map((f) => f.text));
    const card = readFileSync(path.join(hub.dir, "README.md"), "utf8");
    expect(card).toContain("  - split: test\n    path: test.jsonl\n");
    expect(card).not.toContain("parquet");
  });

  test("the license and the source words are the release's by default, and an export may choose others; the card says which", async () => {
    const splitRunId = await labelledSplit();
    const options = { splitRunId, exportsRoot: root, evalIdSecret: SECRET, title: "Demo Review Trust" };
    const released = await exportDataset(db.prisma, options);
    const chosen = await exportDataset(db.prisma, {
      ...options,
      license: "cc-by-sa-4.0",
      sourceNames: { human: "expert_labelled", perturbation: "perturbed_copy" },
    });
    const rowsOf = async (dir: string) => (await readDatasetFolder(dir)).flatMap((f) => parseReleasedJsonl(f.name, f.text, f.split!).rows);
    const releasedRows = await rowsOf(released.dir);
    const chosenRows = await rowsOf(chosen.dir);
    const wordsOf = (rows: ReleasedRow[], perturbed: boolean) => [
      ...new Set(rows.filter((r) => (r.perturbation_kind !== undefined) === perturbed).map((r) => r.source)),
    ];
    expect(wordsOf(releasedRows, false)).toEqual(["crawled_swebench"]);
    expect(wordsOf(releasedRows, true)).toEqual(["perturbation"]);
    expect(wordsOf(chosenRows, false)).toEqual(["expert_labelled"]);
    expect(wordsOf(chosenRows, true)).toEqual(["perturbed_copy"]);
    // only the source word differs, row for row
    expect(chosenRows.map((r) => ({ ...r, source: "" }))).toEqual(releasedRows.map((r) => ({ ...r, source: "" })));

    const releasedCard = readFileSync(path.join(released.dir, "README.md"), "utf8");
    const chosenCard = readFileSync(path.join(chosen.dir, "README.md"), "utf8");
    expect(releasedCard).toContain("\nlicense: cc-by-4.0\n");
    expect(releasedCard).toContain("(`cc-by-4.0`)");
    expect(chosenCard).toContain("\nlicense: cc-by-sa-4.0\n");
    expect(chosenCard).toContain("Creative Commons Attribution Share Alike 4.0 International (CC BY-SA 4.0) (`cc-by-sa-4.0`)");
    expect(chosenCard).toContain("provenance (`expert_labelled` for crawled, human-annotated rows; `perturbed_copy` for perturbed rows)");
    expect(chosenCard).toContain("source             expert_labelled | perturbed_copy  (never shown to a judge)");
    expect(chosenCard).not.toContain("crawled_swebench");
    const perturbed = chosenRows.filter((r) => r.perturbation_kind !== undefined).length;
    expect(perturbed).toBeGreaterThan(0);
    expect(chosenCard).toContain(
      `Rows by \`source\`: \`expert_labelled\` ${chosenRows.length - perturbed}, \`perturbed_copy\` ${perturbed}.`,
    );
    expect(released.manifest).toMatchObject({ license: "cc-by-4.0" });
    expect(released.manifest.source_names).toBeUndefined();
    expect(chosen.manifest).toMatchObject({
      license: "cc-by-sa-4.0",
      source_names: { human: "expert_labelled", perturbation: "perturbed_copy" },
    });
    // the judge never sees either word
    const rowOf = new Map(chosenRows.map((r) => [evalIdFor(r, SECRET), r]));
    const tasks = [...walk(path.join(chosen.dir, "tasks"))].map(([p, data]) => ({ path: p, text: data.toString("utf8") }));
    expect(findJudgeLeaks(tasks, rowOf)).toEqual([]);
  });

  test("pushing an export makes one Hub commit with the published files only; a bad token changes nothing", async () => {
    const first = await exported();
    const token = "hf_exportPushToken000000000000000";
    const hub = await startFakeHubServer({ tokens: { [token]: { user: "ada" } }, repos: ["demo-lab/review-trust"] });
    try {
      await expect(
        pushExport(db.prisma, first.exportId, {
          repoId: "demo-lab/review-trust",
          token: "hf_wrong0000000000000000000000",
          endpoint: hub.url,
        }),
      ).rejects.toMatchObject({ details: { hub: "bad-token" } });
      expect((await db.prisma.export.findUniqueOrThrow({ where: { id: first.exportId } })).hubCommit).toBeNull();

      const result = await pushExport(db.prisma, first.exportId, { repoId: "demo-lab/review-trust", token, endpoint: hub.url });
      const repo = hub.repo("demo-lab/review-trust")!;
      expect(repo.commits).toHaveLength(1);
      const onDisk = walk(first.dir);
      const pushed = [...repo.files.keys()].sort();
      // the published tree: the card and the split files; the manifest and the judge task bundles stay private
      expect(pushed).toEqual(["README.md", "test.jsonl", "train.jsonl", "validation.jsonl"]);
      expect([...onDisk.keys()].filter((p) => !p.startsWith("tasks/")).sort()).toEqual([...pushed, "manifest.json"].sort());
      for (const p of pushed) expect(repo.files.get(p)!.equals(onDisk.get(p)!), p).toBe(true);
      const record = await db.prisma.export.findUniqueOrThrow({ where: { id: first.exportId } });
      expect(record).toMatchObject({ hubRepoId: "demo-lab/review-trust", hubCommit: result.commitOid });
    } finally {
      await hub.close();
    }
  });

  test("reading an export back refuses paths outside its manifests and files changed since", async () => {
    const first = await exported();
    const loaded = await loadExportFiles(db.prisma, first.exportId);
    expect(() => loaded.read("../../etc/passwd")).toThrow(/not found/);
    expect(new TextDecoder().decode(loaded.read("README.md"))).toContain("# Demo Review Trust");
    writeFileSync(path.join(first.dir, "test.jsonl"), "tampered\n");
    expect(() => loaded.read("test.jsonl")).toThrow(/changed on disk since it was exported/);
  });
});
