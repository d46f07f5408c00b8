// Names this vitest run for the test database templates (lib/db/testing/test-templates.ts): the
// workers inherit the run id and the folder of PGlite dumps; the first worker that needs a template
// builds it. At the end the run's template databases, any copy of them still there, and the dumps are removed.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  clonePrefix,
  dropDatabase,
  TEST_RUN_ENV,
  TEST_TEMPLATES_DIR_ENV,
  templatePrefix,
  withAdmin,
} from "./lib/db/testing/test-templates";

export default function setup() {
  const run = `r${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
  const dir = mkdtempSync(path.join(tmpdir(), "wb-test-templates-"));
  process.env[TEST_RUN_ENV] = run;
  process.env[TEST_TEMPLATES_DIR_ENV] = dir;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    try {
      const { rows } = await withAdmin((c) =>
        c.query<{ datname: string }>(
          // copies first (a test's close() drops its copy without waiting), then the templates they came from
          "SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname LIKE $2 ORDER BY datname LIKE $2 DESC",
          [`${templatePrefix(run)}%`, `${clonePrefix(run)}%`],
        ),
      );
      for (const { datname } of rows) await dropDatabase(datname);
    } catch (e) {
      console.warn(`could not drop this run's template databases (${e instanceof Error ? e.message : String(e)})`);
    }
  };
}
