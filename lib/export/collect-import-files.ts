// What `--import <path>` means: a .jsonl or .parquet file (its split from its name), or a dataset folder,
// whose split files are found as the Hub finds them (read-dataset-folder.ts). `report` hears how.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { AppError } from "@/lib/errors";
import type { ImportInputFile } from "./import-released-dataset";
import { locateSplitFiles, readLocatedFiles } from "./read-dataset-folder";
import { parquetToJsonl } from "./read-parquet-rows";

export async function collectImportFiles(paths: readonly string[], report: (line: string) => void = () => {}): Promise<ImportInputFile[]> {
  const out: ImportInputFile[] = [];
  for (const p of paths) {
    if (!existsSync(p)) throw new AppError("invalid_input", `${p} does not exist`);
    if (!statSync(p).isDirectory()) {
      const name = path.basename(p);
      out.push({
        name,
        text: name.toLowerCase().endsWith(".parquet") ? await parquetToJsonl(readFileSync(p), p) : readFileSync(p, "utf8"),
      });
      continue;
    }
    const layout = locateSplitFiles(p);
    report(`${p}: ${layout.how}: ${layout.files.map((f) => `${f.split}=${f.path}`).join(" ")}`);
    for (const note of layout.notes) report(`${p}: ${note}`);
    out.push(...(await readLocatedFiles(p, layout)));
  }
  return out;
}
