import { readdir, readFile, stat } from "node:fs/promises";
import { AppError } from "@/lib/errors";
import path from "node:path";
import { decodePredictionFile } from "./decode-prediction-file";
import type { PredictionFile } from "./parse-predictions";

// A mini-swe-agent output folder holds `<eval_id>.traj.json` per task (paper A.3 output_path)
// beside logs and a preds.json in SWE-bench's shape, which is not a judge prediction.
const isPredictionFileName = (name: string) => name.endsWith(".traj.json") || name.endsWith(".jsonl");

/**
 * Files named on the command line are read as given; folders are walked for `*.traj.json` and
 * `*.jsonl`, in name order, and anything else found there is reported as skipped.
 */
export async function collectPredictionFiles(targets: readonly string[]): Promise<{ files: PredictionFile[]; skipped: string[] }> {
  const files: PredictionFile[] = [];
  const skipped: string[] = [];
  const visit = async (target: string, named: boolean): Promise<void> => {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(target);
    } catch {
      throw predictionPathError(target, "no such file or folder");
    }
    if (info.isDirectory()) {
      const entries = (await readdir(target)).sort();
      for (const entry of entries) await visit(path.join(target, entry), false);
    } else if (named || isPredictionFileName(target)) {
      files.push(decodePredictionFile(target, await readFile(target)));
    } else {
      skipped.push(target);
    }
  };
  for (const target of targets) await visit(target, true);
  if (files.length === 0) throw predictionPathError(targets.join(", "), "no *.jsonl or *.traj.json prediction files found");
  return { files, skipped };
}

function predictionPathError(target: string, reason: string): AppError {
  return new AppError("invalid_input", `${target}: ${reason}`, { target });
}
