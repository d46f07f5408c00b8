import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectPredictionFiles } from "./collect-prediction-files";

const FIXTURE = path.join(import.meta.dirname, "fixtures", "eval_efcb03df0e1f7cf080fe4967.traj.json");

describe("collectPredictionFiles", () => {
  let dir: string;
  beforeAll(async () => {
    // a mini-swe-agent output folder: one sub-folder per task, plus files that are not predictions
    dir = await mkdtemp(path.join(tmpdir(), "judge-run-"));
    await mkdir(path.join(dir, "eval_efcb03df0e1f7cf080fe4967"));
    await writeFile(
      path.join(dir, "eval_efcb03df0e1f7cf080fe4967", "eval_efcb03df0e1f7cf080fe4967.traj.json"),
      await readFile(FIXTURE, "utf8"),
    );
    await writeFile(path.join(dir, "preds.json"), "{}");
    await writeFile(path.join(dir, "minisweagent.log"), "started");
    await writeFile(path.join(dir, "extra.jsonl"), '{"eval_id": "eval_a", "prediction": true}\n');
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it("walks a folder for trajectories and JSONL in name order and reports what it skipped", async () => {
    const { files, skipped } = await collectPredictionFiles([dir]);
    expect(files.map((file) => path.relative(dir, file.name))).toEqual([
      path.join("eval_efcb03df0e1f7cf080fe4967", "eval_efcb03df0e1f7cf080fe4967.traj.json"),
      "extra.jsonl",
    ]);
    expect(skipped.map((file) => path.basename(file))).toEqual(["minisweagent.log", "preds.json"]);
  });

  it("reads a file named explicitly whatever its extension", async () => {
    const { files } = await collectPredictionFiles([path.join(dir, "preds.json")]);
    expect(files).toEqual([{ name: path.join(dir, "preds.json"), text: "{}" }]);
  });

  it("names a path that does not exist, and a folder without prediction files", async () => {
    await expect(collectPredictionFiles([path.join(dir, "nope.jsonl")])).rejects.toThrow(
      `${path.join(dir, "nope.jsonl")}: no such file or folder`,
    );
    const empty = await mkdtemp(path.join(tmpdir(), "empty-run-"));
    await expect(collectPredictionFiles([empty])).rejects.toMatchObject({ code: "invalid_input" });
    await rm(empty, { recursive: true });
  });
});
