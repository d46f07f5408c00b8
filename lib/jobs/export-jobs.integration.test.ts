// The splits page's export and push only queue these jobs; here a worker runs them as the page's
// would: the export job writes the export and reports its steps, the push job commits it to a Hub
// (a local server speaking the Hub's API), and both results are what the page's job panel links to.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { parseConfig } from "@/lib/config";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS, type TestDatabaseKind } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { ExportJobResultSchema, HubPushJobResultSchema } from "@/lib/export/export-job-results";
import { startFakeHubServer } from "@/lib/export/testing/fake-hub-server";
import { completeDemoLabels } from "@/lib/export/testing/label-demo-world";
import { createSplitRun } from "@/lib/split/create-split-run";
import { startJobEngine, type JobEngine } from "./job-engine";
import { readJobRun, type JobRunView } from "./job-run-record";
import { JOBS } from "./registry";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function finished(db: Database, id: string): Promise<JobRunView> {
  for (;;) {
    const run = await readJobRun(db.prisma, id);
    if (run && ["completed", "failed", "cancelled"].includes(run.state)) return run;
    await sleep(100);
  }
}

describe.each(TEST_DATABASE_KINDS)("export and Hub push as jobs on %s", (kind: TestDatabaseKind) => {
  let db: Database;
  let root: string;
  let engine: JobEngine | undefined;
  beforeEach(async () => {
    db = await openSeededTestDatabase(kind);
    root = mkdtempSync(path.join(tmpdir(), "wb-export-job-"));
  });
  afterEach(async () => {
    await engine?.stop();
    engine = undefined;
    await db?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test("a queued export is written by the worker with its steps as progress; a queued push commits it", async () => {
    await completeDemoLabels(db.prisma);
    const { splitRunId } = await createSplitRun(db.prisma, { seed: 42 });
    const token = "hf_exportJobToken0000000000000000";
    const hub = await startFakeHubServer({ tokens: { [token]: { user: "ada" } }, repos: ["demo-lab/review-trust"] });
    try {
      const config = parseConfig({ EXPORTS_DIR: root, HF_TOKEN: token, HF_REPO_ID: "demo-lab/review-trust", HF_ENDPOINT: hub.url });
      engine = await startJobEngine(db, { jobs: JOBS, context: { config, trigger: "test" }, pollingIntervalSeconds: 0.5 });
      await engine.work();

      const queued = await engine.enqueue("export", { splitRunId, title: "Queued Export", actorId: null });
      const run = await finished(db, queued.id);
      expect(run.error).toBeNull();
      expect(run.state).toBe("completed");
      expect({ done: run.done, total: run.total, unit: run.unit }).toEqual({ done: 4, total: 4, unit: "steps" });
      expect(run.log.map((l) => l.message).slice(0, 4)).toEqual([
        "1/4: rows and statistics loaded",
        "2/4: files built",
        "3/4: files written",
        "4/4: recorded",
      ]);
      const result = ExportJobResultSchema.parse(run.result);
      expect(readdirSync(root)).toEqual([result.exportId]);
      const record = await db.prisma.export.findUniqueOrThrow({
        where: { id: result.exportId },
        include: { _count: { select: { items: true } } },
      });
      expect(record._count.items).toBe(result.rows.train + result.rows.validation + result.rows.test);

      const push = await engine.enqueue("hub-push", { exportId: result.exportId });
      const pushed = await finished(db, push.id);
      expect(pushed.error).toBeNull();
      const commit = HubPushJobResultSchema.parse(pushed.result);
      expect(hub.repo("demo-lab/review-trust")?.commits).toHaveLength(1);
      expect((await db.prisma.export.findUniqueOrThrow({ where: { id: result.exportId } })).hubCommit).toBe(commit.commitOid);
    } finally {
      await hub.close();
    }
  });
});
