// Names this vitest run for the test database templates (lib/db/testing/test-templates.ts): the
// workers inherit the run id and the folder of PGlite dumps; the first worker that needs a template
// builds it. At the end the run's template databases and dumps are removed.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export default function setup() {
  const run = `r${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
  const dir = mkdtempSync(path.join(tmpdir(), "wb-test-templates-"));
  process.env.WB_TEST_RUN_ID = run;
  process.env.WB_TEST_TEMPLATES_DIR = dir;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    const admin = new pg.Client({
      connectionString: process.env.TEST_POSTGRES_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
    });
    try {
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`wb_tpl_${run}_%`]);
      for (const { datname } of rows) {
        await admin.query(`ALTER DATABASE "${datname}" WITH IS_TEMPLATE false`);
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
    } catch (e) {
      console.warn(`could not drop this run's template databases (${e instanceof Error ? e.message : String(e)})`);
    } finally {
      await admin.end().catch(() => undefined);
    }
  };
}
