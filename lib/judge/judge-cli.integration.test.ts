// The judge CLI (scripts/judge.ts) as a lab runs it, on each database, against a provider that answers
// the test call and then rate-limits every call with a Retry-After longer than a task's wall time: no
// task may be scored as the model's wrong answer, the run pauses saying why, and the exit status is 3.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, describe, expect, test } from "vitest";
import { type Database, openDatabase } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS, type TestDatabaseKind } from "@/lib/db/testing/test-database";
import { databaseUrl } from "@/lib/db/testing/test-templates";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { type FakeOpenAiServer, fakeReply, startFakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { must } from "@/lib/must";
import { taskCgroupSupport } from "./task-cgroup";

interface CliExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runJudgeCli(args: string[], env: NodeJS.ProcessEnv): Promise<CliExit> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("scripts", "judge.ts"), ...args], {
    cwd: process.cwd(),
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

/** The seeded demo database where a separate process can open it: a PGlite folder on disk, or a PostgreSQL URL. */
async function databaseForCli(
  kind: TestDatabaseKind,
): Promise<{ env: Record<string, string>; open(): Promise<Database>; drop(): Promise<void> }> {
  const seeded = await openSeededTestDatabase(kind);
  if (kind === "postgresql") {
    const [{ name }] = await seeded.query<{ name: string }>("SELECT current_database() AS name");
    const url = databaseUrl(name);
    await seeded.prisma.$disconnect();
    return {
      env: { DATABASE_URL: url },
      open: () => openDatabase({ kind: "postgresql", url }),
      drop: () => seeded.close(),
    };
  }
  const dump = await must(seeded.pglite, "the embedded database's PGlite").dumpDataDir("none");
  await seeded.close();
  const dir = mkdtempSync(path.join(tmpdir(), "wb-judge-cli-"));
  const dataDir = path.join(dir, "pglite");
  const onDisk = await PGlite.create({ dataDir, loadDataDir: dump });
  await onDisk.close();
  return {
    env: { EMBEDDED_DB_DIR: dataDir, DATABASE_URL: "" },
    open: () => openDatabase({ kind: "embedded", dataDir }),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

describe.each(TEST_DATABASE_KINDS)("the judge CLI on %s", (kind) => {
  let server: FakeOpenAiServer | null = null;
  let database: Awaited<ReturnType<typeof databaseForCli>> | null = null;
  afterEach(async () => {
    await server?.close();
    await database?.drop();
    server = null;
    database = null;
  });

  test("a provider that rate-limits every call after the test call scores nothing: tasks not judged, no accuracy, exit 3", async () => {
    database = await databaseForCli(kind);
    let calls = 0;
    server = await startFakeOpenAiServer({
      apiKey: "sk-cli",
      // the test call answers; every call after it is refused for an hour
      respond: () => (calls++ === 0 ? { content: "ready" } : fakeReply.rateLimited("3600")),
    });
    const db = await database.open();
    let exportId: string;
    let split: string;
    try {
      const exp = await db.prisma.export.findFirstOrThrow({ orderBy: { createdAt: "asc" }, select: { id: true } });
      const item = await db.prisma.exportItem.findFirstOrThrow({ where: { exportId: exp.id }, select: { split: true } });
      exportId = exp.id;
      split = item.split;
    } finally {
      await db.close();
    }
    const started = Date.now();
    const exit = await runJudgeCli(
      ["--export", exportId, "--split", split, "--name", "rate limited", "--base-url", server.url, "--model", "judge-1"].concat([
        "--concurrency",
        "1",
        "--limit",
        "3",
        "--wall-time",
        "60",
      ]),
      { ...process.env, ...database.env, JUDGE_API_KEY: "sk-cli" },
    );
    // at once: no task sat out its wall time waiting for an hour's Retry-After
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(exit.code, exit.stderr).toBe(3);
    const lines = new Map(
      exit.stdout
        .trim()
        .split("\n")
        .map((l) => l.split("=", 2) as [string, string]),
    );
    expect(Object.fromEntries(lines)).toMatchObject({
      status: "paused",
      tasks: "3",
      done: "3",
      submitted: "0",
      invalid: "0",
      not_judged: "3",
    });
    // the caps in force where the tasks ran, said by the CLI and kept on the run
    const support = taskCgroupSupport();
    expect(lines.get("sandbox_caps")).toMatch(
      support.kind === "none" ? /per process \(no per-task total\)/ : /per task over all its processes/,
    );
    if (support.kind === "none") expect(exit.stderr).toMatch(/warning: No per-task memory cap on this host/);
    expect(lines.has("accuracy")).toBe(false);
    expect(lines.has("macro_f1")).toBe(false);
    expect(exit.stderr).toMatch(
      /paused: Paused: 3 tasks in a row could not be judged because the provider rate-limited them: .*asked to wait 3600 s/,
    );

    const after = await database.open();
    try {
      const run = await after.prisma.judgeRun.findFirstOrThrow({ where: { name: "rate limited" }, include: { tasks: true } });
      expect(run).toMatchObject({ status: "paused", evalRunId: null, creditedEvalRunId: null, sandboxCaps: lines.get("sandbox_caps") });
      expect(run.tasks.map((t) => `${t.status}:${t.outcome}:${t.prediction}`)).toEqual(Array(3).fill("done:rate_limited:null"));
      expect(run.tasks.every((t) => /rate-limited the model call at step 1/.test(t.reason ?? ""))).toBe(true);
    } finally {
      await after.close();
    }
  }, 400_000);
});
