// A server on the embedded database stopped with SIGTERM or SIGINT closes PGlite and lets go of
// its data folder, so the next start opens it at once; one killed with SIGKILL leaves a stale lock
// that the next start takes over.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./connection";
import { lockPathFor } from "./data-dir-lock";

function openInChild(dataDir: string, options: { exitOnSigterm?: boolean } = {}) {
  // one process (node with tsx's loader), so a signal reaches the process that holds the lock
  const script = path.join(mkdtempSync(path.join(tmpdir(), "wb-sig-script-")), "open.mts");
  writeFileSync(
    script,
    `import { openDatabase } from ${JSON.stringify(path.resolve("lib/db/connection.ts"))};
    const db = await openDatabase({ kind: "embedded", dataDir: process.env.DIR });
    await db.query("select 1");
    // like Next's server: its own SIGTERM handler exits at once
    if (process.env.EXIT_ON_SIGTERM) process.on("SIGTERM", () => process.exit(0));
    console.log("open");
    setInterval(() => {}, 1000);`,
  );
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, DIR: dataDir, EXIT_ON_SIGTERM: options.exitOnSigterm ? "1" : "" },
  });
  const opened = new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`child exited ${code} before opening`)));
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once("exit", (code, signal) => resolve(signal ?? code)));
  return { child, opened, exited };
}

describe("the embedded database's lock across process ends", () => {
  // a new folder costs PGlite's first start (about 6 s); each test takes a copy of one made once
  let initialised = "";
  beforeAll(async () => {
    initialised = path.join(mkdtempSync(path.join(tmpdir(), "wb-sig-base-")), "pglite");
    await (await openDatabase({ kind: "embedded", dataDir: initialised })).close();
  }, 60_000);
  const freshDir = () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "wb-sig-")), "pglite");
    cpSync(initialised, dir, { recursive: true });
    return dir;
  };

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`is released on ${signal}, and the folder opens again`, async () => {
      const dir = freshDir();
      const run = openInChild(dir);
      await run.opened;
      expect(existsSync(lockPathFor(dir))).toBe(true);
      run.child.kill(signal);
      expect(await run.exited).toBe(signal);
      expect(existsSync(lockPathFor(dir))).toBe(false);
      const db = await openDatabase({ kind: "embedded", dataDir: dir });
      await db.close();
    }, 60_000);
  }

  it("is released when another SIGTERM handler exits the process first (Next's server does)", async () => {
    const dir = freshDir();
    const run = openInChild(dir, { exitOnSigterm: true });
    await run.opened;
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
    expect(existsSync(lockPathFor(dir))).toBe(false);
  }, 60_000);

  it("is taken over after SIGKILL", async () => {
    const dir = freshDir();
    const run = openInChild(dir);
    await run.opened;
    run.child.kill("SIGKILL");
    await run.exited;
    expect(existsSync(lockPathFor(dir))).toBe(true);
    const db = await openDatabase({ kind: "embedded", dataDir: dir });
    expect(await db.query<{ n: number }>("select 1 as n")).toEqual([{ n: 1 }]);
    await db.close();
    expect(existsSync(lockPathFor(dir))).toBe(false);
  }, 60_000);

  it("refuses a second process while the first holds the folder", async () => {
    const dir = freshDir();
    const run = openInChild(dir);
    await run.opened;
    try {
      await expect(openDatabase({ kind: "embedded", dataDir: dir })).rejects.toThrow(/is open in process/);
    } finally {
      run.child.kill("SIGTERM");
      await run.exited;
    }
  }, 60_000);
});
