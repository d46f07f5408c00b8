// What `--import <path>` means: a .jsonl file (its split from its name), or a dataset folder,
// read through its card's data_files when it has a README.md, else every .jsonl in it.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { ImportInputFile } from "./import-released-dataset";
import { readDatasetFolder } from "./read-dataset-folder";

export function collectImportFiles(paths: readonly string[]): ImportInputFile[] {
  return paths.flatMap((p) => {
    if (!existsSync(p)) throw new Error(`${p} does not exist`);
    if (!statSync(p).isDirectory()) return [{ name: path.basename(p), text: readFileSync(p, "utf8") }];
    if (existsSync(path.join(p, "README.md"))) return readDatasetFolder(p);
    const jsonl = readdirSync(p)
      .filter((n) => n.endsWith(".jsonl"))
      .sort();
    if (jsonl.length === 0) throw new Error(`${p} has no README.md and no .jsonl files`);
    return jsonl.map((n) => ({ name: n, text: readFileSync(path.join(p, n), "utf8") }));
  });
}
