// Screening from the command line: the same lib/screen functions the /screen page calls.
//
//   npx tsx scripts/screen.ts rules [--only bot_author]
//   npx tsx scripts/screen.ts llm --level pr|comment [--limit 500] [--concurrency 8] [--prompt-version comment-screen.v1] [--redecide]
//   npx tsx scripts/screen.ts funnel
//   npx tsx scripts/screen.ts audit --filter llm:pr --seed 20250815 [--confidence 0.95] [--margin 0.05]
//   npx tsx scripts/screen.ts corpus [--comments 76190] [--seed 20250815] [--fake-llm] [--database configured]
//
// `corpus` runs the whole funnel on a generated corpus, by default in a throwaway in-memory
// database; --fake-llm answers the LLM screens from a local scripted server on 127.0.0.1.
import { performance } from "node:perf_hooks";
import { parseCli } from "@/lib/cli/parse-cli";
import type { z } from "zod";
import type { Database } from "@/lib/db/connection";
import type { LlmClient } from "@/lib/llm/client";
import type { ScreeningFunnelStep } from "@/lib/screen/funnel";
import type { LlmScreeningReport } from "@/lib/screen/run-llm-screening";

const USAGE = "usage: npx tsx scripts/screen.ts rules|llm|funnel|audit|corpus [options] (see the header of scripts/screen.ts)";

const { positionals, values } = parseCli(
  { url: import.meta.url },
  {
    allowPositionals: true,
    options: {
      only: { type: "string" },
      level: { type: "string" },
      limit: { type: "string" },
      concurrency: { type: "string" },
      "prompt-version": { type: "string" },
      redecide: { type: "boolean", default: false },
      filter: { type: "string" },
      seed: { type: "string" },
      confidence: { type: "string" },
      margin: { type: "string" },
      comments: { type: "string" },
      "fake-llm": { type: "boolean", default: false },
      database: { type: "string" },
    },
  },
);

// the rest loads once the flags are read: --help and a wrong flag answer without loading the stages
const [
  { config },
  { databaseTargetOf, openDatabase },
  { migrate },
  { createLlmClient },
  { createDbLlmCache },
  { createAuditSample, CreateAuditSampleRequestSchema },
  { screeningFunnel },
  { loadRuleConfig },
  { runLlmScreening },
  { runRuleScreening },
  { RerunRulesRequestSchema, RunLlmScreeningRequestSchema },
  { screeningLlmClient },
  { seedSyntheticCorpus },
] = await Promise.all([
  import("@/lib/config"),
  import("@/lib/db/connection"),
  import("@/lib/db/migrate"),
  import("@/lib/llm/client"),
  import("@/lib/llm/db-cache"),
  import("@/lib/screen/create-audit-sample"),
  import("@/lib/screen/funnel"),
  import("@/lib/screen/rule-config-store"),
  import("@/lib/screen/run-llm-screening"),
  import("@/lib/screen/run-rule-screening"),
  import("@/lib/screen/screening-requests"),
  import("@/lib/llm/configured-llm"),
  import("@/lib/demo/seed-synthetic-corpus"),
]);

const number = (value: string | undefined, fallback?: number) => (value === undefined ? fallback : Number(value));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function openConfigured(): Promise<Database> {
  const c = config();
  const db = await openDatabase(databaseTargetOf(c));
  await migrate(db);
  return db;
}

async function openScratch(): Promise<Database> {
  const db = await openDatabase({ kind: "embedded", dataDir: "memory://" });
  await migrate(db);
  return db;
}

function printFunnel(title: string, steps: ScreeningFunnelStep[]) {
  console.log(`\n${title}`);
  console.log(
    `${"step".padEnd(34)}${"reached".padStart(10)}${"dropped".padStart(10)}${"awaiting".padStart(10)}${"remaining".padStart(11)}`,
  );
  for (const s of steps) {
    console.log(
      `${s.label.padEnd(34)}${String(s.reached).padStart(10)}${String(s.dropped).padStart(10)}${String(s.awaiting).padStart(10)}${String(s.remaining).padStart(11)}`,
    );
  }
}

async function funnel(db: Database) {
  const t0 = performance.now();
  const f = await screeningFunnel(db.prisma);
  printFunnel("Pull requests", f.pullRequests);
  printFunnel("Instances", f.instances);
  console.log(`funnel_ms=${(performance.now() - t0).toFixed(0)}`);
}

/** parses flags with the page's own request schema; a bad flag stops with the schema's message */
function parseFlags<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new Error(parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n"));
}

async function rules(db: Database) {
  const { only } = parseFlags(RerunRulesRequestSchema, { only: values.only });
  const { config: ruleConfig, source } = await loadRuleConfig(db.prisma);
  console.log(`rule config: ${source}`);
  const report = await runRuleScreening(db.prisma, ruleConfig, {
    only,
    chunkSize: 5_000,
    onProgress: (e) => process.stderr.write(`  ${e.phase}: ${e.items} (${seconds(e.elapsedMs)})\n`),
  });
  for (const run of report.runs) console.log(`${run.filterKey}: kept ${run.kept}, dropped ${run.dropped}`);
  console.log(`rule_screening_instances=${report.instancesScreened}`);
  console.log(`rule_screening_ms=${report.elapsedMs.toFixed(0)}`);
  if (report.stages.lockedButDropped > 0) {
    console.log(`note: ${report.stages.lockedButDropped} instances past screening would now be dropped; their stage was left alone`);
  }
}

function printLlmReport(report: LlmScreeningReport) {
  console.log(
    `${report.filterKey} (${report.promptVersion}, ${report.model}): eligible ${report.eligible}, kept ${report.kept}, dropped ${report.dropped}, errors ${report.stats.errors}`,
  );
  console.log(
    `  requests ${report.stats.requests}, cache hits ${report.stats.cacheHits}, tokens ${report.stats.tokens}, ${seconds(report.stats.elapsedMs)}`,
  );
  for (const e of report.errors.slice(0, 10)) console.log(`  error on ${e.id}: ${e.code}: ${e.message}`);
  if (report.stats.stoppedBecause) console.log(`  stopped early: ${report.stats.stoppedBecause}`);
}

async function llm(db: Database, client: LlmClient) {
  const request = parseFlags(RunLlmScreeningRequestSchema, {
    level: values.level,
    limit: values.limit,
    concurrency: values.concurrency,
    promptVersion: values["prompt-version"],
    redecide: values.redecide,
  });
  const controller = new AbortController();
  // Ctrl-C stops handing out new items; what was answered is stored and the next run resumes.
  process.once("SIGINT", () => controller.abort());
  const report = await runLlmScreening(
    db.prisma,
    { client, cache: createDbLlmCache(db.prisma), signal: controller.signal },
    {
      ...request,
      concurrency: request.concurrency ?? config().LLM_CONCURRENCY,
    },
  );
  printLlmReport(report);
}

async function audit(db: Database) {
  const request = parseFlags(CreateAuditSampleRequestSchema, {
    filterKey: values.filter,
    seed: values.seed ?? 20250815,
    confidence: values.confidence,
    margin: values.margin,
  });
  const created = await createAuditSample(db.prisma, request, null);
  console.log(`audit sample ${created.sampleId}: ${created.size} of ${created.population} decisions`);
}

async function corpus() {
  const db = values.database === "configured" ? await openConfigured() : await openScratch();
  const count = number(values.comments) ?? 76_190;
  try {
    let t0 = performance.now();
    const summary = await seedSyntheticCorpus(db.prisma, { comments: count, seed: number(values.seed) ?? 20250815 });
    console.log(`corpus_comments=${summary.comments}`);
    console.log(`corpus_pull_requests=${summary.pullRequests}`);
    console.log(`corpus_instances=${summary.instances}`);
    console.log(`corpus_seed_ms=${(performance.now() - t0).toFixed(0)}`);
    await rules(db);
    if (values["fake-llm"]) {
      const { startFakeOpenAiServer } = await import("@/lib/llm/testing/fake-openai-server");
      const { scriptedScreenAnswer } = await import("@/lib/screen/testing/scripted-screen-answers");
      const server = await startFakeOpenAiServer({ respond: (r) => ({ ...scriptedScreenAnswer(r), delayMs: 20 }) });
      try {
        const client = createLlmClient({ baseUrl: server.url, model: "fake-scripted-judge", concurrency: 8 });
        for (const level of ["pr", "comment"] as const) {
          t0 = performance.now();
          const report = await runLlmScreening(
            db.prisma,
            { client, cache: createDbLlmCache(db.prisma) },
            { level, concurrency: 8, batchSize: 200, pageSize: 1_000 },
          );
          printLlmReport(report);
          console.log(`llm_${level}_items_per_second=${(report.stats.items / ((performance.now() - t0) / 1000)).toFixed(1)}`);
        }
      } finally {
        await server.close();
      }
    }
    await funnel(db);
  } finally {
    await db.close();
  }
}

async function main() {
  const command = positionals[0];
  if (command === "corpus") return corpus();
  if (!["rules", "llm", "funnel", "audit"].includes(command ?? "")) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const client = command === "llm" ? screeningLlmClient(config()) : null;
  const db = await openConfigured();
  try {
    if (command === "rules") await rules(db);
    if (command === "llm" && client) await llm(db, client);
    if (command === "audit") await audit(db);
    await funnel(db);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
