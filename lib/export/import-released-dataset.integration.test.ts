import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { canonicalJson } from "./canonical-json";
import { createSplitRun } from "@/lib/split/create-split-run";
import { exportDataset, type ExportResult } from "./export-dataset";
import { importReleasedDataset } from "./import-released-dataset";
import { ExportProfileSchema } from "./export-profile";
import { readDatasetFolder } from "./read-dataset-folder";
import { parseReleasedJsonl } from "./parse-released-jsonl";
import { RELEASED_SAMPLE_PATH, releasedSampleRows, releasedSampleText } from "./testing/released-sample";

const exportedRows = async (dir: string) =>
  (await readDatasetFolder(dir)).flatMap((f) => parseReleasedJsonl(f.name, f.text, f.split!).rows);
const canonicalSet = (rows: unknown[]) => rows.map((r) => canonicalJson(r)).sort();

/** owner/repo#number of a released JSONL line */
const prOf = (line: string) => {
  const row = JSON.parse(line) as { repo: string; pull_request: { pull_number: number } };
  return `${row.repo}#${row.pull_request.pull_number}`;
};

describe.each(TEST_DATABASE_KINDS)("importing a released JSONL file on %s", (kind) => {
  // Every test starts from an empty database and export folder.
  let db: Database;
  let root: string;
  beforeEach(async () => {
    db = await openTestDatabase(kind);
    root = mkdtempSync(path.join(tmpdir(), "wb-import-"));
  });
  const importSample = () => importReleasedDataset(db.prisma, [{ name: "released-sample.jsonl", text: releasedSampleText() }]);
  /** The sample imported, split with seed 42 and exported. */
  async function roundTrip(): Promise<ExportResult> {
    await importSample();
    const run = await createSplitRun(db.prisma, { seed: 42 });
    return exportDataset(db.prisma, { splitRunId: run.splitRunId, exportsRoot: root });
  }
  afterEach(async () => {
    await db?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test("the sample loads as PRs, one shared timeline each, labelled instances and accepted perturbations", async () => {
    const result = await importReleasedDataset(db.prisma, [{ name: "released-sample.jsonl", text: releasedSampleText() }]);
    expect(result).toMatchObject({
      rows: 15,
      pullRequests: { created: 5, reused: 0 },
      instances: { created: 15, reused: 0 },
      splitRunId: null,
      warnings: [],
    });
    const p = db.prisma;
    expect(await p.repository.count()).toBe(2);
    expect(await p.timelineEntry.count({ where: { pullRequest: { number: 412 } } })).toBe(8);
    expect(await p.instance.count({ where: { source: "human", stage: "labelled", finalLabel: "trustworthy" } })).toBe(8);
    expect(await p.instance.count({ where: { source: "human", stage: "labelled", finalLabel: "untrustworthy" } })).toBe(3);
    const perturbations = await p.instance.findMany({ where: { source: "perturbation" }, include: { parent: true, targetEntry: true } });
    expect(perturbations.map((x) => x.perturbationKind).sort()).toEqual(["location", "negation", "negation", "symbol"]);
    expect(perturbations.every((x) => x.verification === "accepted" && x.parent?.targetEntryId === x.targetEntryId)).toBe(true);
    const location = perturbations.find((x) => x.perturbationKind === "location")!;
    expect(location).toMatchObject({ perturbedBody: null, perturbedPath: "tests/test_spline.py" });
    expect(location.targetEntry.path).toBe("curvefit/spline.py");
  });

  test("re-importing the same file adds nothing", async () => {
    await importSample();
    const again = await importReleasedDataset(db.prisma, [{ name: "released-sample.jsonl", text: releasedSampleText() }]);
    expect(again).toMatchObject({ pullRequests: { created: 0, reused: 5 }, instances: { created: 0, reused: 15 }, warnings: [] });
    expect(await db.prisma.instance.count()).toBe(15);
  });

  test("round trip: parse → import → split → export gives back the same rows, suffixes, ids and timeline order", async () => {
    const first = await roundTrip();
    const rows = await exportedRows(first.dir);
    expect(canonicalSet(rows)).toEqual(canonicalSet(releasedSampleRows()));
    // entries sharing a second keep the file's order (the inline before the review in curvefit#412)
    const pr412 = rows.find((r) => r.pull_request.pull_number === 412)!;
    expect(pr412.code_review.map((e) => (e.type === "commit" ? "commit" : e.id))).toEqual([
      "commit",
      2081554301,
      2081554302,
      2081554310,
      2760012201,
      "commit",
      2859930011,
      2760012202,
    ]);
    expect(
      rows
        .filter((r) => r.instance_id.includes("#perturb-"))
        .map((r) => r.instance_id.split("#")[1])
        .sort(),
    ).toEqual(["perturb-location-1", "perturb-negation-1", "perturb-negation-1", "perturb-symbol-1"]);
  });

  test("an export imported into a fresh database re-exports the same bytes in both profiles, splits included", async () => {
    await importSample();
    const run = await createSplitRun(db.prisma, { seed: 42 });
    for (const profile of ExportProfileSchema.options) {
      const first = await exportDataset(db.prisma, { splitRunId: run.splitRunId, exportsRoot: root, profile });
      const other = await openTestDatabase(kind);
      try {
        const files = await readDatasetFolder(first.dir);
        const result = await importReleasedDataset(other.prisma, files);
        expect(result.splitRunId).not.toBeNull();
        const imported = await other.prisma.splitRun.findUniqueOrThrow({ where: { id: result.splitRunId! } });
        expect(imported.params).toMatchObject({ method: "imported", instances: 15 });
        const second = await exportDataset(other.prisma, { splitRunId: result.splitRunId!, exportsRoot: root, profile });
        const published = first.manifest.files.map((f) => f.path).filter((p) => p.endsWith(".jsonl"));
        expect(published.length, profile).toBe(3);
        for (const file of published)
          expect(readFileSync(path.join(second.dir, file)).equals(readFileSync(path.join(first.dir, file))), `${profile} ${file}`).toBe(
            true,
          );
        expect(second.manifest.rows).toEqual(first.manifest.rows);
      } finally {
        await other.close();
      }
    }
  });

  test("a release whose rows are not in our order re-exports file by file in its own order (#32 item 9)", async () => {
    // the sample's rows in reverse, as a release may order them, split by the file names
    const lines = releasedSampleText().split("\n").filter(Boolean).reverse();
    // whole PRs to train until it holds 9 rows or more, the rest to test (a PR stays in one split)
    const trainPrs = new Set<string>();
    for (const line of lines) if (lines.filter((l) => trainPrs.has(prOf(l))).length < 9) trainPrs.add(prOf(line));
    const files = [
      { name: "train.jsonl", text: `${lines.filter((l) => trainPrs.has(prOf(l))).join("\n")}\n` },
      { name: "test.jsonl", text: `${lines.filter((l) => !trainPrs.has(prOf(l))).join("\n")}\n` },
    ];
    const result = await importReleasedDataset(db.prisma, files);
    expect(result.warnings.filter((w) => /more than one split/.test(w))).toEqual([]);
    const exported = await exportDataset(db.prisma, { splitRunId: result.splitRunId!, exportsRoot: root, profile: "hub" });
    for (const f of files) {
      const written = exported.manifest.files.find((m) => m.path.endsWith(f.name));
      expect(readFileSync(path.join(exported.dir, written?.path ?? f.name), "utf8"), f.name).toBe(f.text);
    }
    // the card says the order the files hold (#45 L), not the sort a fresh export uses
    const card = readFileSync(path.join(exported.dir, "README.md"), "utf8");
    expect(card).toContain("one example per line (UTF-8, non-ASCII as is), in the order the imported release had them");
    expect(card).not.toContain("sorted by `instance_id` then `judged_entry_id`");
  });

  test("an import with no rows is refused, saying so, and leaves the database untouched (#45 L)", async () => {
    for (const files of [
      [{ name: "train.jsonl", text: "" }],
      [
        { name: "train.jsonl", text: "\n" },
        { name: "test.jsonl", text: "" },
      ],
    ]) {
      const error = await importReleasedDataset(db.prisma, files).catch((e) => e);
      expect(error).toMatchObject({ code: "unreadable_file" });
      expect(error.message).toMatch(/^Nothing to import: .*holds? no rows/);
    }
    expect(await db.prisma.instance.count()).toBe(0);
    expect(await db.prisma.splitRun.count()).toBe(0);
  });

  test("the card of an imported release says which counts the import brought, and a PR spread over two splits (#32 items 10, 13)", async () => {
    const lines = releasedSampleText().split("\n").filter(Boolean);
    // one PR with two rows or more: its first row in train, the rest in test
    const spread = [...new Set(lines.map(prOf))].find((pr) => lines.filter((l) => prOf(l) === pr).length > 1)!;
    const first = lines.find((l) => prOf(l) === spread)!;
    const files = [
      { name: "train.jsonl", text: `${lines.filter((l) => prOf(l) !== spread || l === first).join("\n")}\n` },
      { name: "test.jsonl", text: `${lines.filter((l) => prOf(l) === spread && l !== first).join("\n")}\n` },
    ];
    const result = await importReleasedDataset(db.prisma, files);
    expect(result.warnings.join("\n")).toMatch(/more than one split/);
    const exported = await exportDataset(db.prisma, { splitRunId: result.splitRunId!, exportsRoot: root });
    expect(exported.warnings).toEqual([
      expect.stringMatching(
        new RegExp(`^1 pull request has rows in more than one split, as imported \\(${spread.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\)`),
      ),
    ]);
    const card = readFileSync(path.join(exported.dir, "README.md"), "utf8");
    expect(card).toContain("**Not PR-disjoint:** 1 pull request has rows in more than one split");
    // nothing was screened, labelled or verified here: those steps say 0, the imported ones are apart
    const step = (label: string) => new RegExp(`\\| ${label} +\\| +([\\d,]+) \\|`).exec(card)?.[1];
    expect(step("Pull requests kept by screening")).toBe("0");
    expect(step("Perturbations verified")).toBe("0");
    expect(step("Labelled trustworthy")).toBe("0");
    expect(step("Pull requests imported")).toBe("5");
    expect(step("Imported as trustworthy")).toBe("8");
    expect(step("Perturbations imported")).toBe("4");
  });

  test("a broken file is refused whole, naming its lines, and leaves the database untouched", async () => {
    await importSample();
    const before = await db.prisma.instance.count();
    const lines = readFileSync(RELEASED_SAMPLE_PATH, "utf8").trim().split("\n");
    lines[3] = lines[3].replace('"trustworthy":false', '"trustworthy":"no"');
    const error = await importReleasedDataset(db.prisma, [{ name: "broken.jsonl", text: lines.join("\n") }]).catch((e) => e);
    expect(error).toMatchObject({ code: "unreadable_file" });
    expect(error.message).toContain("broken.jsonl:4: trustworthy:");
    expect(await db.prisma.instance.count()).toBe(before);
  });
});
