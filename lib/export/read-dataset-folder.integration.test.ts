import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { collectImportFiles } from "./collect-import-files";
import { parseReleasedJsonl } from "./parse-released-jsonl";
import { dataFilesFromCard, globToRegExp, locateSplitFiles, readDatasetFolder } from "./read-dataset-folder";
import { rowsToJsonl, sortRows } from "./serialize-jsonl";
import { releasedSampleRows } from "./testing/released-sample";
import { rowsToParquet } from "./write-parquet";

// dataset-format.md, "Files": the Hub release has its split files at the root, its GitHub copy under data/;
// a card may or may not carry front matter with configs/data_files, and the Hub finds split files by name.

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder(files: Record<string, string | Uint8Array>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "wb-folder-"));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const rows = releasedSampleRows();
// sorted as the writers sort them (instance_id, then judged_entry_id)
const bySplit = { test: sortRows(rows.slice(0, 6)), train: sortRows(rows.slice(6, 12)), validation: sortRows(rows.slice(12)) };
const jsonl = (split: keyof typeof bySplit) => rowsToJsonl(bySplit[split]);
const rowsRead = async (dir: string) =>
  (await readDatasetFolder(dir)).map((f) => ({ split: f.split, rows: parseReleasedJsonl(f.name, f.text, f.split ?? null).rows }));

describe("finding a dataset's split files as the Hub does", () => {
  test("the Hub layout: split files at the root, a README without front matter", async () => {
    const dir = folder({
      "README.md": "# CRJudgeBenchmark\n\nNo YAML here.\n",
      "train.jsonl": jsonl("train"),
      "validation.jsonl": jsonl("validation"),
      "test.jsonl": jsonl("test"),
    });
    const layout = locateSplitFiles(dir);
    expect(layout.how).toBe("split files found by name (root)");
    expect(layout.notes).toEqual(["README.md has no YAML front matter; split files found by name"]);
    expect(layout.files.map((f) => [f.split, f.path]).sort()).toEqual([
      ["test", "test.jsonl"],
      ["train", "train.jsonl"],
      ["validation", "validation.jsonl"],
    ]);
    const read = await rowsRead(dir);
    expect(read.find((f) => f.split === "train")?.rows).toEqual(bySplit.train);
    expect(read.find((f) => f.split === "test")?.rows).toEqual(bySplit.test);
  });

  test("the GitHub layout: data/<split>.jsonl with no README, and a card whose front matter has no configs", async () => {
    const bare = folder({ "data/train.jsonl": jsonl("train"), "data/test.jsonl": jsonl("test") });
    expect(locateSplitFiles(bare).how).toBe("split files found by name (data/)");
    const withCard = folder({ "README.md": "---\nlicense: cc-by-4.0\n---\n# card\n", "data/validation.jsonl": jsonl("validation") });
    const layout = locateSplitFiles(withCard);
    expect(layout.notes).toEqual(["README.md's front matter lists no data_files; split files found by name"]);
    expect((await rowsRead(withCard))[0]?.rows).toEqual(bySplit.validation);
  });

  test("JSONL is read over the Parquet beside it; a Parquet-only split is read back to the same rows", async () => {
    const dir = folder({
      "data/train.jsonl": jsonl("train"),
      "data/train.parquet": rowsToParquet(bySplit.train),
      "data/test.parquet": rowsToParquet(bySplit.test),
    });
    const layout = locateSplitFiles(dir);
    expect(layout.files.map((f) => f.path).sort()).toEqual(["data/test.parquet", "data/train.jsonl"]);
    expect(layout.notes).toEqual(["train: read data/train.jsonl; set aside data/train.parquet"]);
    const read = await rowsRead(dir);
    // perturbed rows keep their kind, deleted accounts their null user, and entries only their type's fields
    expect(bySplit.test.some((r) => r.perturbation_kind) && bySplit.test.some((r) => r.code_review.some((e) => e.user === null))).toBe(
      true,
    );
    expect(read.find((f) => f.split === "test")?.rows).toEqual(bySplit.test);
  });

  test("the card's data_files win, in each spelling the Hub documents", () => {
    const card = [
      "---",
      "configs:",
      "- config_name: default",
      "  data_files:",
      "  - split: train",
      '    path: "data/train-*.jsonl"',
      "  - split: validation",
      "    path: [data/validation.jsonl, extra/validation.jsonl]",
      "  - split: test",
      "    path:",
      "    - data/test.jsonl",
      "license: cc-by-4.0",
      "---",
    ].join("\n");
    expect(dataFilesFromCard(card)).toEqual([
      { split: "train", path: "data/train-*.jsonl" },
      { split: "validation", path: "data/validation.jsonl" },
      { split: "validation", path: "extra/validation.jsonl" },
      { split: "test", path: "data/test.jsonl" },
    ]);
    expect(() =>
      dataFilesFromCard("---\nconfigs:\n- config_name: default\n  data_files:\n  - split: holdout\n    path: h.jsonl\n---\n"),
    ).toThrow('The dataset card names an unknown split "holdout".');
  });

  test("a card naming a file that is not there, or a folder with no split files, is a clear error", async () => {
    const missing = folder({
      "README.md": "---\nconfigs:\n- config_name: default\n  data_files:\n  - split: train\n    path: data/train.jsonl\n---\n",
    });
    expect(() => locateSplitFiles(missing)).toThrow(/lists data\/train\.jsonl for train, which is not in/);
    const empty = folder({ "README.md": "# nothing\n", "notes.txt": "x" });
    expect(() => locateSplitFiles(empty)).toThrow(/holds no split files: looked for the card's data_files, then train\/validation\/test/);
    await expect(collectImportFiles([path.join(empty, "nope")])).rejects.toThrow(/does not exist/);
  });

  test("the importer reports how it found a folder's files", async () => {
    const dir = folder({ "train.jsonl": jsonl("train"), "test.jsonl": jsonl("test") });
    const lines: string[] = [];
    const files = await collectImportFiles([dir], (l) => lines.push(l));
    expect(files.map((f) => f.split).sort()).toEqual(["test", "train"]);
    expect(lines).toEqual([`${dir}: split files found by name (root): test=test.jsonl train=train.jsonl`]);
  });
});

describe("a Parquet file that is not one", () => {
  test("is refused with its name, not a stack trace", async () => {
    const dir = folder({ "data/train.parquet": "PAR1 this is not parquet" });
    await expect(readDatasetFolder(dir)).rejects.toMatchObject({
      code: "invalid_input",
      message: expect.stringMatching(/^data\/train\.parquet is not a readable Parquet file/),
    });
  });
});

describe("the card's data_files as the Hub reads them: YAML in any style, glob patterns (#32 item 7)", () => {
  test("glob patterns follow the Hub's rules: * and ? within a folder, ** across folders, [..] classes", () => {
    expect(globToRegExp("train*.jsonl").test("train-00000-of-00002.jsonl")).toBe(true);
    expect(globToRegExp("train*.jsonl").test("data/train.jsonl")).toBe(false);
    expect(globToRegExp("data/train-*").test("data/train-0.parquet")).toBe(true);
    expect(globToRegExp("**/test.jsonl").test("a/b/test.jsonl")).toBe(true);
    expect(globToRegExp("**/test.jsonl").test("test.jsonl")).toBe(true);
    expect(globToRegExp("valid?tion.jsonl").test("validation.jsonl")).toBe(true);
    expect(globToRegExp("part-[0-9].jsonl").test("part-7.jsonl")).toBe(true);
    expect(globToRegExp("a.b+c.jsonl").test("axb+c.jsonl")).toBe(false);
  });

  test("flow-style data_files, a mapping of split to patterns and a single pattern are read", () => {
    const flow =
      "---\nconfigs:\n- config_name: default\n  data_files: [{split: train, path: 'train*.jsonl'}, {split: test, path: [a.jsonl, b.jsonl]}]\n---\n";
    expect(dataFilesFromCard(flow)).toEqual([
      { split: "train", path: "train*.jsonl" },
      { split: "test", path: "a.jsonl" },
      { split: "test", path: "b.jsonl" },
    ]);
    const mapping =
      "---\nconfigs:\n  - config_name: default\n    data_files:\n      train: data/train-*\n      validation: [data/dev.jsonl]\n---\n";
    expect(dataFilesFromCard(mapping)).toEqual([
      { split: "train", path: "data/train-*" },
      { split: "validation", path: "data/dev.jsonl" },
    ]);
    expect(dataFilesFromCard('---\nconfigs:\n- config_name: default\n  data_files: "*.jsonl"\n---\n')).toEqual([
      { split: "train", path: "*.jsonl" },
    ]);
    // the config the Hub loads is `default`, wherever it is in the list
    const two =
      "---\nconfigs:\n- config_name: raw\n  data_files: raw.jsonl\n- config_name: default\n  data_files: [{split: test, path: t.jsonl}]\n---\n";
    expect(dataFilesFromCard(two)).toEqual([{ split: "test", path: "t.jsonl" }]);
    expect(() => dataFilesFromCard("---\nconfigs: [\n---\n")).toThrow(/front matter is not valid YAML/);
  });

  test("patterns are expanded against the folder: sharded files of a split are all read, in name order", async () => {
    const dir = folder({
      "README.md":
        "---\nconfigs:\n- config_name: default\n  data_files:\n  - split: train\n    path: data/train-*\n  - split: test\n    path: 'test*.jsonl'\n---\n",
      "data/train-00001-of-00002.jsonl": rowsToJsonl(bySplit.train.slice(3)),
      "data/train-00000-of-00002.jsonl": rowsToJsonl(bySplit.train.slice(0, 3)),
      "test.jsonl": jsonl("test"),
    });
    expect(locateSplitFiles(dir).files.map((f) => `${f.split}:${f.path}`)).toEqual([
      "train:data/train-00000-of-00002.jsonl",
      "train:data/train-00001-of-00002.jsonl",
      "test:test.jsonl",
    ]);
    const read = await rowsRead(dir);
    expect(read.filter((f) => f.split === "train").flatMap((f) => f.rows)).toEqual(bySplit.train);
    const none = folder({
      "README.md": "---\nconfigs:\n- config_name: default\n  data_files: [{split: train, path: 'nothing-*.jsonl'}]\n---\n",
    });
    expect(() => locateSplitFiles(none)).toThrow(/pattern nothing-\*\.jsonl for train matches no \.jsonl or \.parquet file/);
  });
});
