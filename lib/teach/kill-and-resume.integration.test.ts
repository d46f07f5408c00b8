// scripts/supervise.ts killed with SIGKILL in the middle of a supervision, then resumed: every prefix
// ends done with its whole branch, none written twice, and the records are those of the branches.
// PostgreSQL only: the CLI is another process, and the embedded database's copies live in this one's memory.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { AgentSettingsSchema } from "@/lib/judge/paper-agent";
import { type FakeTeacherServer, startFakeTeacherServer } from "./testing/fake-teacher-server";
import { rulesTeacherAndReviewer } from "./testing/rules-teacher";
import { judgeTrainSplit } from "./testing/supervision-fixture";
import { trainingRecordProblems } from "./training-record";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// a seeded database, a judged split and a supervision each: minutes on a loaded machine, not the default 60 s

describe("kill -9 in the middle of a supervision, then --resume", () => {
  let db: Database;
  let teacher: FakeTeacherServer;
  let dir: string;
  beforeAll(async () => {
    db = await openSeededTestDatabase("postgresql");
    dir = mkdtempSync(path.join(tmpdir(), "wb-supervise-"));
    // slow enough that the kill lands between prefixes' first and last requests
    teacher = await startFakeTeacherServer(async (r) => {
      await sleep(150);
      return rulesTeacherAndReviewer(r);
    });
  });
  afterAll(async () => {
    await teacher?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function cli(args: string[]) {
    if (db.target.kind !== "postgresql") throw new Error("PostgreSQL only");
    const child = spawn(process.execPath, ["--import", "tsx", path.join("scripts", "supervise.ts"), ...args], {
      env: { ...process.env, DATABASE_URL: db.target.url, NODE_NO_WARNINGS: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
      child.on("exit", (code) => resolve({ code, stdout, stderr })),
    );
    return { child, done };
  }

  test("nothing lost, nothing duplicated", async () => {
    const { judgeRunId } = await judgeTrainSplit(db.prisma, "student", 3);
    const first = cli(["--run", judgeRunId, "--base-url", teacher.url, "--model", "fake-teacher", "--price-in", "1", "--price-out", "2"]);
    const deadline = Date.now() + 120_000;
    let doneBefore = 0;
    let total = 0;
    while (Date.now() < deadline && first.child.exitCode === null) {
      doneBefore = await db.prisma.supervisionPrefix.count({ where: { status: "done" } });
      total = await db.prisma.supervisionPrefix.count();
      if (doneBefore >= 2 && (await db.prisma.supervisionPrefix.count({ where: { status: "running" } })) === 1) break;
      await sleep(25);
    }
    first.child.kill("SIGKILL");
    const killed = await first.done;
    expect(killed.code, killed.stderr).toBeNull();
    expect(doneBefore).toBeGreaterThanOrEqual(2);
    expect(doneBefore).toBeLessThan(total);
    const left = await db.prisma.supervisionPrefix.findMany({ where: { status: "running" }, select: { id: true } });
    expect(left).toHaveLength(1);
    // the prefix it was in holds no action yet: it is written whole or not at all
    expect(await db.prisma.supervisionAction.count({ where: { prefixId: left[0].id } })).toBe(0);

    const run = await db.prisma.supervisionRun.findFirstOrThrow({ select: { id: true } });
    const out = path.join(dir, "records.jsonl");
    const resumed = await cli(["--resume", run.id, "--out", out]).done;
    expect(resumed.code, resumed.stderr).toBe(0);
    const printed = Object.fromEntries(
      resumed.stdout
        .trim()
        .split("\n")
        .map((l) => l.split("=")),
    );
    const prefixes = await db.prisma.supervisionPrefix.findMany({ include: { actions: { orderBy: { position: "asc" } } } });
    expect(prefixes.every((p) => p.status === "done")).toBe(true);
    // each branch whole, once: the patch section then the finish, both approved
    expect(prefixes.map((p) => p.actions.map((a) => `${a.position}:${a.status}`))).toEqual(
      prefixes.map(() => ["0:approved", "1:approved"]),
    );
    expect(printed).toMatchObject({
      prefixes: String(total),
      teacher_actions: String(2 * total),
      approved: String(2 * total),
      rejected: "0",
    });
    // the prices given when the run was made price its tokens
    expect(printed.cost_usd).toBe(((Number(printed.input_tokens) + 2 * Number(printed.output_tokens)) / 1_000_000).toFixed(4));
    const lines = readFileSync(out, "utf8").trim().split("\n");
    expect(lines).toHaveLength(Number(printed.records));
    expect(new Set(lines).size).toBe(lines.length);
    const judge = await db.prisma.judgeRun.findUniqueOrThrow({ where: { id: judgeRunId } });
    for (const line of lines) expect(trainingRecordProblems(JSON.parse(line), AgentSettingsSchema.parse(judge.settings))).toEqual([]);
    const manifest = JSON.parse(readFileSync(`${out}.manifest.json`, "utf8"));
    expect(manifest.records).toBe(lines.length);
    // the killed prefix was asked again from the start (its requests before the kill, if any, are spent twice)
    expect(teacher.requests.length).toBeGreaterThanOrEqual(4 * total);
  }, 600_000);
});
