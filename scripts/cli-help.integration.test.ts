// Every CLI the README advertises answers --help with its usage (exit 0) and an unknown flag with a
// one-line error (exit 2), before touching any database.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const CLIS = [
  "export",
  "evaluate",
  "import-dataset",
  "ingest",
  "screen",
  "add-model-answers",
  "rate-fresh-heldout",
  "compute-snapshots",
  "worker",
  "users",
  "judge",
  "supervise",
];

const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", path.resolve("scripts", `${script}.ts`), ...args], {
    encoding: "utf8",
    // a database that does not exist: reaching it would fail the run
    env: { ...process.env, DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none", NODE_NO_WARNINGS: "1" },
    timeout: 60_000,
  });

describe.each(CLIS)("scripts/%s.ts", (script) => {
  it("prints its usage on --help", () => {
    const r = run(script, ["--help"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim().length).toBeGreaterThan(40);
    expect(r.stdout).not.toMatch(/^\/\//m);
  });

  it("refuses an unknown flag in one line, without a stack trace", () => {
    const r = run(script, ["--no-such-flag"]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: .*--no-such-flag/);
  });
});

describe("scripts/export.ts's choices", () => {
  it("names the license and source-word flags in its usage", () => {
    const r = run("export", ["--help"]);
    expect(r.stdout).toContain("--license cc-by-sa-4.0");
    expect(r.stdout).toContain("--source-human");
  });

  it("refuses a license the Hub does not know, and one word for both kinds of row, before touching any database", () => {
    const license = run("export", ["--license", "gpl"]);
    expect(license.status).toBe(2);
    expect(license.stderr).toMatch(/^license: License must be one of the Hub's ids: cc-by-4.0, /);
    const words = run("export", ["--source-human", "same", "--source-perturbation", "same"]);
    expect(words.status).toBe(2);
    expect(words.stderr).toMatch(/^sourcePerturbation: --source-human and --source-perturbation must differ/);
  });
});
