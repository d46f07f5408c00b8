// npm run ingest -- [--language Python] [--top 1000] [--min-prs 1500] [--active-from 2024-08-15]
//   [--active-to 2025-08-15] [--repo owner/name ...] [--page-size 25] [--concurrency 2] [--max-minutes N]
//   [--git-url-template 'https://github.com/{owner}/{name}.git'] [--json]
//   npm run ingest -- --verify-patches [--repo owner/name ...]: applies every stored PR's patch to its
//   merge base in the mirrors and checks it gives the head's tree (exit 1 when one does not)
// Selects repositories and harvests their PRs into the configured database (embedded by default,
// DATABASE_URL for PostgreSQL), resuming from checkpoints. Progress on stderr, summary on stdout.
// Ctrl-C stops cleanly between pages; a second Ctrl-C (or SIGKILL) loses at most the page in flight.
import { parseCli } from "@/lib/cli/parse-cli";

const { values } = parseCli(
  { url: import.meta.url },
  {
    options: {
      language: { type: "string" },
      top: { type: "string" },
      "min-prs": { type: "string" },
      "active-from": { type: "string" },
      "active-to": { type: "string" },
      repo: { type: "string", multiple: true },
      "page-size": { type: "string" },
      concurrency: { type: "string" },
      "max-minutes": { type: "string" },
      "selection-max-age-hours": { type: "string" },
      "git-url-template": { type: "string" },
      // pacing and locking knobs; GitHub's documented spacing by default
      "graphql-interval-ms": { type: "string" },
      "search-interval-ms": { type: "string" },
      "lock-ttl-seconds": { type: "string" },
      json: { type: "boolean", default: false },
      "verify-patches": { type: "boolean", default: false },
    },
  },
);

// the rest loads once the flags are read: --help and a wrong flag answer without loading the stages
const [
  { parseConfig },
  { databaseTargetOf, openDatabase },
  { migrate },
  { IngestRequestSchema },
  { exitCodeFor, foldProgress, initialProgress, renderProgress, renderSummary },
  { runIngest },
  { verifyStoredPatches },
] = await Promise.all([
  import("@/lib/config"),
  import("@/lib/db/connection"),
  import("@/lib/db/migrate"),
  import("@/lib/ingest/ingest-request"),
  import("@/lib/ingest/progress-display"),
  import("@/lib/ingest/run-ingest"),
  import("@/lib/ingest/verify-stored-patches"),
]);

const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
const parsed = IngestRequestSchema.safeParse({
  criteria: Object.fromEntries(
    Object.entries({
      language: values.language,
      top: num(values.top),
      minPrs: num(values["min-prs"]),
      activeFrom: values["active-from"],
      activeTo: values["active-to"],
    }).filter(([, v]) => v !== undefined),
  ),
  repositories: values.repo,
  pageSize: num(values["page-size"]),
  concurrency: num(values.concurrency),
  maxDurationMs: values["max-minutes"] ? Number(values["max-minutes"]) * 60_000 : undefined,
  selectionMaxAgeHours: num(values["selection-max-age-hours"]),
});
const FLAG: Record<string, string> = {
  "criteria.language": "--language",
  "criteria.top": "--top",
  "criteria.minPrs": "--min-prs",
  "criteria.activeFrom": "--active-from",
  "criteria.activeTo": "--active-to",
  repositories: "--repo",
  pageSize: "--page-size",
  concurrency: "--concurrency",
  maxDurationMs: "--max-minutes",
  selectionMaxAgeHours: "--selection-max-age-hours",
};
if (!parsed.success) {
  const flag = (path: PropertyKey[]) => FLAG[path.join(".")] ?? FLAG[path.filter((p) => typeof p === "string").join(".")] ?? path.join(".");
  console.error(`invalid arguments:\n${parsed.error.issues.map((i) => `  ${flag(i.path)}: ${i.message}`).join("\n")}`);
  process.exit(2);
}

const config = parseConfig(process.env);
const db = await openDatabase(databaseTargetOf(config));
await migrate(db);

if (values["verify-patches"]) {
  const report = await verifyStoredPatches(db.prisma, {
    mirrorsDir: config.MIRRORS_DIR,
    repositories: values.repo,
    onProgress: (done, total) => {
      if (done % 100 === 0 || done === total) process.stderr.write(`verified ${done}/${total}\n`);
    },
  });
  for (const f of report.failed) console.log(`${f.repository}#${f.number}: ${f.why}`);
  console.log(
    `patches_checked=${report.checked}\npatches_verified=${report.verified}\npatches_failed=${report.failed.length}\npatches_without_git_patch=${report.withoutGitPatch}`,
  );
  await db.close();
  process.exit(report.failed.length ? 1 : 0);
}

const controller = new AbortController();
process.on("SIGINT", () => {
  if (controller.signal.aborted) process.exit(130);
  process.stderr.write("\nstopping after the current page (Ctrl-C again to quit now)\n");
  controller.abort();
});
process.on("SIGTERM", () => controller.abort());

const template = values["git-url-template"];
let state = initialProgress();
let lastLine = 0;
const tty = process.stderr.isTTY;
const summary = await runIngest({
  db,
  config,
  trigger: "cli",
  request: parsed.data,
  signal: controller.signal,
  gitUrlFor: template
    ? (fullName) =>
        template.replaceAll("{owner}", fullName.split("/")[0]).replaceAll("{name}", fullName.split("/")[1]).replaceAll("{full}", fullName)
    : undefined,
  github: { graphqlIntervalMs: num(values["graphql-interval-ms"]), searchIntervalMs: num(values["search-interval-ms"]) },
  lockTtlMs: values["lock-ttl-seconds"] ? Number(values["lock-ttl-seconds"]) * 1000 : undefined,
  onProgress: (p) => {
    if (p.type === "log") {
      process.stderr.write(`${tty ? "\r\x1b[2K" : ""}${p.level}: ${p.message}\n`);
      return;
    }
    if (p.type === "phase") process.stderr.write(`${tty ? "\r\x1b[2K" : ""}${p.phase}: ${p.message}\n`);
    state = foldProgress(state, p);
    const now = Date.now();
    if (tty) process.stderr.write(`\r\x1b[2K${renderProgress(state)}`);
    else if (now - lastLine > 2000 || (p.type === "repository" && p.status !== "page")) {
      lastLine = now;
      process.stderr.write(`${renderProgress(state)}\n`);
    }
  },
});
if (tty) process.stderr.write("\n");
console.log(values.json ? JSON.stringify(summary, (_, v) => (typeof v === "bigint" ? String(v) : v)) : renderSummary(summary));
await db.close();
process.exit(exitCodeFor(summary.status));
