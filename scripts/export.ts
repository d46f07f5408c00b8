// Splits and exports the dataset in the released format (dataset-format.md), optionally pushing it
// to the Hugging Face Hub as one commit.
//   npx tsx scripts/export.ts                                  export the latest split (seed 42 if none yet)
//   npx tsx scripts/export.ts --split-seed 7 --out out/rel     new split with seed 7, written to out/rel
//   npx tsx scripts/export.ts --import data/ --out out/again   load a released dataset (file or folder) and re-export it
//   npx tsx scripts/export.ts --push [--create-repo]           push to HF_REPO_ID on HF_ENDPOINT with HF_TOKEN
//   npx tsx scripts/export.ts --profile github                 split files under data/ with Parquet (default hub: at the root)
//   npx tsx scripts/export.ts --license cc-by-sa-4.0           the card's license (default cc-by-4.0, as the release)
//   npx tsx scripts/export.ts --source-human human --source-perturbation perturbed
//                                                              `source` words (default crawled_swebench / perturbation)
// Other flags: --split-run <id>, --test-share 0.3, --validation-share 0.15, --title "…", --eval-secret <hex>.
// Prints name=value lines. Uses DATABASE_URL, or the embedded database (stop the app first).
import { z } from "zod";
import { parseCli } from "@/lib/cli/parse-cli";
import { SPLIT_NAMES } from "@/lib/db/enums";

const { values } = parseCli(
  { url: import.meta.url },
  {
    options: {
      "split-seed": { type: "string" },
      "split-run": { type: "string" },
      "test-share": { type: "string" },
      "validation-share": { type: "string" },
      out: { type: "string" },
      title: { type: "string" },
      profile: { type: "string" },
      license: { type: "string" },
      "source-human": { type: "string" },
      "source-perturbation": { type: "string" },
      "eval-secret": { type: "string" },
      push: { type: "boolean", default: false },
      "create-repo": { type: "boolean", default: false },
      import: { type: "string", multiple: true, default: [] },
    },
  },
);

// the rest loads once the flags are read: --help and a wrong flag answer without loading the stages
const [
  { config },
  { databaseTargetOf, openDatabase },
  { migrate },
  { collectImportFiles },
  { createSplitRun },
  { ExportRequestSchema },
  { CreateSplitRequestSchema },
  { exportDataset },
  { DEFAULT_DATASET_TITLE },
  { importReleasedDataset },
  { pushExport },
  { exportConventionsOf },
] = await Promise.all([
  import("@/lib/config"),
  import("@/lib/db/connection"),
  import("@/lib/db/migrate"),
  import("@/lib/export/collect-import-files"),
  import("@/lib/split/create-split-run"),
  import("@/lib/export/export-requests"),
  import("@/lib/split/split-requests"),
  import("@/lib/export/export-dataset"),
  import("@/lib/export/preview-export"),
  import("@/lib/export/import-released-dataset"),
  import("@/lib/export/push-export"),
  import("@/lib/export/export-conventions"),
]);

// the splits page's own request schemas, so a flag is checked exactly as the form field is
const split = CreateSplitRequestSchema.partial().shape;
const ArgsSchema = z
  .object({
    splitSeed: split.seed,
    splitRun: ExportRequestSchema.shape.splitRunId.optional(),
    testShare: split.testShare,
    validationShare: split.validationShare,
    out: z.string().min(1).optional(),
    title: ExportRequestSchema.shape.title.default(DEFAULT_DATASET_TITLE),
    profile: ExportRequestSchema.shape.profile,
    license: ExportRequestSchema.shape.license,
    sourceHuman: ExportRequestSchema.shape.sourceHuman,
    sourcePerturbation: ExportRequestSchema.shape.sourcePerturbation,
    evalSecret: z.string().min(32, "--eval-secret needs at least 32 characters").optional(),
    push: z.boolean(),
    createRepo: z.boolean(),
    import: z.array(z.string()),
  })
  .refine((a) => a.sourceHuman !== a.sourcePerturbation, {
    message: "--source-human and --source-perturbation must differ, or no one could tell the rows apart",
    path: ["sourcePerturbation"],
  });

const parsed = ArgsSchema.safeParse({
  splitSeed: values["split-seed"],
  splitRun: values["split-run"],
  testShare: values["test-share"],
  validationShare: values["validation-share"],
  out: values.out,
  title: values.title,
  profile: values.profile,
  license: values.license,
  sourceHuman: values["source-human"],
  sourcePerturbation: values["source-perturbation"],
  evalSecret: values["eval-secret"],
  push: values.push,
  createRepo: values["create-repo"],
  import: values.import,
});
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
  process.exit(2);
}
const args = parsed.data;

const c = config();
const db = await openDatabase(databaseTargetOf(c));
try {
  await migrate(db);
  let splitRunId = args.splitRun;
  if (args.import.length) {
    const imported = await importReleasedDataset(
      db.prisma,
      await collectImportFiles(args.import, (line) => console.error(`found: ${line}`)),
      { maxLineBytes: c.IMPORT_MAX_LINE_MB * 1024 * 1024 },
    );
    for (const w of imported.warnings) console.error(`warning: ${w}`);
    console.log(`imported_rows=${imported.rows}`);
    console.log(`imported_instances_created=${imported.instances.created}`);
    if (imported.splitRunId && args.splitSeed === undefined) splitRunId ??= imported.splitRunId;
  }
  if (!splitRunId && args.splitSeed === undefined)
    splitRunId = (await db.prisma.splitRun.findFirst({ orderBy: { createdAt: "desc" }, select: { id: true } }))?.id;
  if (!splitRunId) {
    const run = await createSplitRun(db.prisma, {
      seed: args.splitSeed ?? 42,
      testShare: args.testShare,
      validationShare: args.validationShare,
    });
    splitRunId = run.splitRunId;
    if (run.params.method === "partition") console.log(`split_max_abs_deviation=${run.params.maxAbsDeviation}`);
  }
  console.log(`split_run=${splitRunId}`);
  const result = await exportDataset(db.prisma, {
    splitRunId,
    outDir: args.out,
    title: args.title,
    profile: args.profile,
    ...exportConventionsOf(args),
    evalIdSecret: args.evalSecret,
  });
  for (const w of result.warnings) console.error(`warning: ${w}`);
  console.log(`export=${result.exportId}`);
  console.log(`dir=${result.dir}`);
  for (const split of SPLIT_NAMES) console.log(`rows_${split}=${result.manifest.rows[split]}`);
  console.log(`content_hash=${result.manifest.content_hash}`);
  console.log(`tasks=${result.tasksManifest.tasks}`);
  if (args.push) {
    const pushed = await pushExport(
      db.prisma,
      result.exportId,
      { repoId: c.HF_REPO_ID, token: c.HF_TOKEN, endpoint: c.HF_ENDPOINT },
      { createIfMissing: args.createRepo },
    );
    console.log(`hub_repo=${pushed.repoId}`);
    console.log(`hub_commit=${pushed.commitOid}`);
  }
} catch (error) {
  console.error(error instanceof Error && "status" in error ? `error: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
