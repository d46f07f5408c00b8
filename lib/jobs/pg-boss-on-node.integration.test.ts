// pg-boss 12 declares engines.node >=22.12, but these machines (and CI) run Node 20.20, and the job
// engine runs on pg-boss there (README "Set-up"). This test is the guard: pg-boss starts, queues,
// fetches and completes a job on this Node, on both databases, and it names the versions when it fails.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fromPglite, PgBoss } from "pg-boss";
import { describe, expect, test } from "vitest";
import { JOB_QUEUE_SCHEMA } from "@/lib/db/job-queue-schema";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { must } from "@/lib/must";

const pgBossVersion = (): string => {
  const manifest = createRequire(import.meta.url).resolve("pg-boss/package.json");
  return String(JSON.parse(readFileSync(manifest, "utf8")).version);
};

describe.each(TEST_DATABASE_KINDS)(`pg-boss on Node ${process.version} (%s)`, (kind) => {
  test("starts, sends, fetches and completes a job", async () => {
    const db = await openTestDatabase(kind);
    // the queue's schema is installed by the app's migrations, as in the job engine
    const common = { schema: JOB_QUEUE_SCHEMA, migrate: false, schedule: false };
    const boss =
      db.target.kind === "embedded"
        ? new PgBoss({ ...common, db: fromPglite(must(db.pglite, "PGlite")), backend: "pglite" })
        : new PgBoss({ ...common, connectionString: db.target.url, max: 2 });
    try {
      await boss.start();
      await boss.createQueue("node-check");
      const id = await boss.send("node-check", { on: process.version });
      const [job] = await boss.fetch<{ on: string }>("node-check");
      expect(job?.id, `pg-boss ${pgBossVersion()} on Node ${process.version}`).toBe(id);
      expect(job?.data).toEqual({ on: process.version });
      await boss.complete("node-check", must(job?.id, "the fetched job"));
      expect((await boss.getJobById("node-check", must(id, "the sent job")))?.state).toBe("completed");
    } finally {
      await boss.stop({ graceful: false }).catch(() => undefined);
      await db.close();
    }
  });
});
