// Loads a released-format dataset (JSONL files, or a folder with README.md + data/*.jsonl) into the
// database so it can be inspected, re-split and re-exported. Files named train/validation/test
// become an imported split.
//   npx tsx scripts/import-dataset.ts data/train.jsonl data/validation.jsonl data/test.jsonl
//   npx tsx scripts/import-dataset.ts path/to/CRJudgeBenchmark/
// Prints warnings, then name=value lines. Uses DATABASE_URL, or the embedded database (stop the app first).
import { parseCli } from "@/lib/cli/parse-cli";

const { positionals } = parseCli({ url: import.meta.url }, { allowPositionals: true, options: {} });
if (positionals.length === 0) {
  console.error("usage: import-dataset <file.jsonl | dataset folder>…");
  process.exit(2);
}

// the rest loads once the arguments are read: --help and a wrong flag answer without loading the stages
const [{ config }, { databaseTargetOf, openDatabase }, { migrate }, { collectImportFiles }, { importReleasedDataset }] = await Promise.all([
  import("@/lib/config"),
  import("@/lib/db/connection"),
  import("@/lib/db/migrate"),
  import("@/lib/export/collect-import-files"),
  import("@/lib/export/import-released-dataset"),
]);

const c = config();
const db = await openDatabase(databaseTargetOf(c));
try {
  await migrate(db);
  const result = await importReleasedDataset(db.prisma, await collectImportFiles(positionals, (line) => console.error(`found: ${line}`)), {
    maxLineBytes: c.IMPORT_MAX_LINE_MB * 1024 * 1024,
  });
  for (const w of result.warnings) console.error(`warning: ${w}`);
  for (const f of result.files) console.log(`file=${f.name} split=${f.split ?? "-"} rows=${f.rows}`);
  console.log(`rows=${result.rows}`);
  console.log(`pull_requests_created=${result.pullRequests.created}`);
  console.log(`pull_requests_reused=${result.pullRequests.reused}`);
  console.log(`instances_created=${result.instances.created}`);
  console.log(`instances_reused=${result.instances.reused}`);
  console.log(`split_run=${result.splitRunId ?? "-"}`);
} catch (error) {
  console.error(error instanceof Error && "status" in error ? `error: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
