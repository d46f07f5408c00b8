// An uploaded or named predictions file must be text: JSONL or a JSON trajectory, in UTF-8. A PNG,
// a zip or a spreadsheet is refused by type (415) with its name, before any parsing, instead of
// being read as garbage rows (or failing in the database on its NUL bytes).
import { AppError } from "@/lib/errors";
import type { PredictionFile } from "./parse-predictions";

/** As git decides a file is binary: a NUL byte within its first 8,000 bytes. */
const SNIFF_BYTES = 8000;
const utf8 = new TextDecoder("utf-8", { fatal: true });

export function decodePredictionFile(name: string, bytes: Uint8Array): PredictionFile {
  if (name.includes("\u0000")) throw new AppError("invalid_input", "A file name contains the NUL character (\\u0000); rename the file.");
  const notText = (why: string) =>
    new AppError(
      "unsupported_media_type",
      `${JSON.stringify(name)} is not a predictions file (${why}): upload a JSONL of {"eval_id", "prediction"} rows or mini-swe-agent trajectories (*.traj.json).`,
      { file: name },
    );
  if (bytes.subarray(0, SNIFF_BYTES).includes(0)) throw notText("it holds binary data");
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw notText("it is not UTF-8 text");
  }
  return { name, text };
}
