import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, EmbeddedDatabaseBusyError, holderIsAlive, lockPathFor, procStat } from "./data-dir-lock";

const children: { kill(): void }[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill();
});

const tempDataDir = () => path.join(mkdtempSync(path.join(tmpdir(), "wb-lock-")), "pglite");

function writeLock(dataDir: string, holder: { pid: number; startTime: string | null; host?: string }) {
  writeFileSync(lockPathFor(dataDir), JSON.stringify({ host: hostname(), openedAt: new Date().toISOString(), ...holder }));
}

/** A live process that is not us. */
function sleeper(): number {
  const child = spawn("sleep", ["30"], { stdio: "ignore" });
  children.push(child);
  if (child.pid === undefined) throw new Error("could not start sleep");
  return child.pid;
}

describe("acquireDataDirLock", () => {
  it("creates the lock naming this process and removes it on release", () => {
    const dir = tempDataDir();
    const release = acquireDataDirLock(dir);
    const holder = JSON.parse(readFileSync(lockPathFor(dir), "utf8"));
    expect(holder).toMatchObject({ pid: process.pid, host: hostname() });
    release();
    expect(existsSync(lockPathFor(dir))).toBe(false);
    release(); // idempotent
  });

  it("refuses a folder held by a live process, naming it", () => {
    const dir = tempDataDir();
    const pid = sleeper();
    writeLock(dir, { pid, startTime: procStat(pid)?.startTime ?? null });
    expect(() => acquireDataDirLock(dir)).toThrow(EmbeddedDatabaseBusyError);
    expect(() => acquireDataDirLock(dir)).toThrow(`open in process ${pid}`);
  });

  it("takes over a lock whose holder has exited", () => {
    const dir = tempDataDir();
    const gone = spawnSync("sh", ["-c", "echo $$"], { encoding: "utf8" });
    writeLock(dir, { pid: Number(gone.stdout.trim()), startTime: null });
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lockPathFor(dir), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("takes over a lock whose pid now belongs to another program (start time differs)", () => {
    const dir = tempDataDir();
    const pid = sleeper();
    writeLock(dir, { pid, startTime: "1" });
    acquireDataDirLock(dir)();
  });

  it("takes over a lock held by a zombie (killed, not yet reaped)", async () => {
    // the shell's background sleep exits after its parent has exec'd into a long sleep, which never
    // reaps it (with "sleep 0" the child could exit before the exec, and a busy shell reaped it)
    const parent = spawn("sh", ["-c", "sleep 0.5 & echo $!; exec sleep 30"], { stdio: ["ignore", "pipe", "ignore"] });
    children.push(parent);
    const zombie = Number(await new Promise<string>((resolve) => parent.stdout.once("data", (d) => resolve(String(d)))));
    for (let i = 0; i < 200 && procStat(zombie)?.state !== "Z"; i++) await new Promise((r) => setTimeout(r, 20));
    expect(procStat(zombie)?.state).toBe("Z");
    const holder = { pid: zombie, startTime: procStat(zombie)?.startTime ?? null, host: hostname(), openedAt: "" };
    expect(holderIsAlive(holder)).toBe(false);
    const dir = tempDataDir();
    writeLock(dir, holder);
    acquireDataDirLock(dir)();
  });

  it("leaves a lock that is being written alone, and takes over one left half-written long ago", () => {
    const dir = tempDataDir();
    writeFileSync(lockPathFor(dir), ""); // created a moment ago, not yet filled
    expect(() => acquireDataDirLock(dir)).toThrow(/another process is creating it/);
    expect(readFileSync(lockPathFor(dir), "utf8")).toBe("");
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockPathFor(dir), old, old); // a crash between create and write, a minute ago
    acquireDataDirLock(dir)();
  });

  it("lets exactly one of several processes started at the same moment take the folder", async () => {
    const dir = tempDataDir();
    const script = path.join(mkdtempSync(path.join(tmpdir(), "wb-lock-script-")), "race.mts");
    writeFileSync(
      script,
      `import { acquireDataDirLock } from ${JSON.stringify(path.resolve("lib/db/data-dir-lock.ts"))};
      while (Date.now() < Number(process.env.GO)) {}
      try { acquireDataDirLock(process.env.DIR); console.log("held"); setTimeout(() => {}, 3000); }
      catch (e) { console.log(e.name); }`,
    );
    const go = Date.now() + 2500;
    const runs = Array.from({ length: 4 }, () => {
      const child = spawn(process.execPath, ["--import", "tsx", script], {
        stdio: ["ignore", "pipe", "inherit"],
        env: { ...process.env, GO: String(go), DIR: dir },
      });
      children.push(child);
      return new Promise<string>((resolve) => {
        child.stdout.once("data", (d) => resolve(String(d).trim()));
        child.once("exit", (code) => resolve(`exited ${code}`));
      });
    });
    const outcomes = await Promise.all(runs);
    expect(outcomes.filter((o) => o === "held")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "EmbeddedDatabaseBusyError")).toHaveLength(3);
  }, 30_000);
});
