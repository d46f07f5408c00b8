// Scores a judge's predictions against an export's private labels and records the run.
//   npx tsx scripts/evaluate.ts --export <id> --split test --name "GLM-5.3" predictions.jsonl
//   npx tsx scripts/evaluate.ts --export <id> --name "Sentinel" runs/sentinel/        (a folder of *.traj.json)
//   npx tsx scripts/evaluate.ts --list                                                 (exports and their ids)
// --dry-run scores without storing; --seed/--resamples set the bootstrap. Prints the report as
// tables, then name=value lines. Uses DATABASE_URL, or the embedded database (stop the app first).
import { parseCli } from "@/lib/cli/parse-cli";
import { z } from "zod";
import { SplitNameSchema } from "@/lib/db/enums";

const USAGE =
  "usage: evaluate --export <id> [--split test] --name <run> [--dry-run] [--seed 42] [--resamples 1000] <predictions.jsonl | trajectory files | folder>…\n       evaluate --list";

const { values, positionals } = parseCli(
  { url: import.meta.url },
  {
    allowPositionals: true,
    options: {
      export: { type: "string" },
      split: { type: "string", default: "test" },
      name: { type: "string" },
      "dry-run": { type: "boolean", default: false },
      seed: { type: "string", default: "42" },
      resamples: { type: "string", default: "1000" },
      list: { type: "boolean", default: false },
    },
  },
);

// the rest loads once the flags are read: --help and a wrong flag answer without loading the stages
const [
  { config },
  { databaseTargetOf, openDatabase },
  { migrate },
  { buildEvalReport },
  { collectPredictionFiles },
  { formatReportTables, reportFigures },
  { listEvaluableExports },
  { loadGold },
  { recordEvalRun, RunNameSchema },
  { counted, plural },
] = await Promise.all([
  import("@/lib/config"),
  import("@/lib/db/connection"),
  import("@/lib/db/migrate"),
  import("@/lib/evaluate/build-eval-report"),
  import("@/lib/evaluate/collect-prediction-files"),
  import("@/lib/evaluate/format-report-text"),
  import("@/lib/evaluate/list-evaluable-exports"),
  import("@/lib/evaluate/load-gold"),
  import("@/lib/evaluate/record-eval-run"),
  import("@/lib/text/plural"),
]);

const ArgsSchema = z.object({
  export: z.string().min(1, "--export <id> is required (see --list)"),
  split: SplitNameSchema,
  name: RunNameSchema,
  dryRun: z.boolean(),
  seed: z.coerce.number().int(),
  resamples: z.coerce.number().int().positive(),
  paths: z.array(z.string()).min(1, "name a predictions file or folder"),
});

const c = config();
const db = await openDatabase(databaseTargetOf(c));
try {
  await migrate(db);
  if (values.list) {
    for (const row of await listEvaluableExports(db.prisma)) {
      console.log(
        `${row.id}  ${row.label}  train=${row.items.train} validation=${row.items.validation} test=${row.items.test}  runs(test)=${row.runs.test}`,
      );
    }
  } else {
    const parsed = ArgsSchema.safeParse({
      export: values.export ?? "",
      split: values.split,
      name: values.name ?? "",
      dryRun: values["dry-run"],
      seed: values.seed,
      resamples: values.resamples,
      paths: positionals,
    });
    if (!parsed.success) {
      console.error(`${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n")}\n${USAGE}`);
      process.exitCode = 2;
    } else {
      const args = parsed.data;
      const { files, skipped } = await collectPredictionFiles(args.paths);
      if (skipped.length > 0)
        console.error(
          `skipped ${counted(skipped.length, "file")} that ${plural(skipped.length, "is", "are")} neither *.jsonl nor *.traj.json: ${skipped.slice(0, 5).join(", ")}`,
        );
      const bootstrap = { seed: args.seed, resamples: args.resamples };
      const report = args.dryRun
        ? buildEvalReport(await loadGold(db.prisma, args.export, args.split), files, { bootstrap })
        : (await recordEvalRun(db.prisma, { exportId: args.export, split: args.split, name: args.name, files }, { bootstrap })).report;
      console.log(formatReportTables(args.name, report));
      console.log("");
      for (const [name, value] of reportFigures(report)) console.log(`${name}=${value}`);
      console.log(`stored=${args.dryRun ? 0 : 1}`);
    }
  }
} catch (error) {
  // typed errors carry a message a user can act on; anything else keeps its stack
  console.error(error instanceof Error && "status" in error ? `error: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
