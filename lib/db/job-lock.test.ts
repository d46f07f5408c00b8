import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { holderIsDeadLocalProcess, newHolderId, releaseLock, renewLocks, tryAcquireLock } from "./job-lock";

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe.each(TEST_DATABASE_KINDS)("job locks on %s", (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(() => db?.close());

  test("one holder at a time; the holder renews, releases, and others take over", async () => {
    const [a, b] = [newHolderId(), newHolderId()];
    expect(await tryAcquireLock(db.prisma, "ingest:repo:acme/widgets", a, 60_000)).toBe(true);
    expect(await tryAcquireLock(db.prisma, "ingest:repo:acme/widgets", b, 60_000)).toBe(false);
    expect(await tryAcquireLock(db.prisma, "ingest:repo:acme/widgets", a, 60_000)).toBe(true);
    expect(await renewLocks(db.prisma, a, 60_000)).toBe(1);
    await releaseLock(db.prisma, "ingest:repo:acme/widgets", b);
    expect(await tryAcquireLock(db.prisma, "ingest:repo:acme/widgets", b, 60_000)).toBe(false);
    await releaseLock(db.prisma, "ingest:repo:acme/widgets", a);
    expect(await tryAcquireLock(db.prisma, "ingest:repo:acme/widgets", b, 60_000)).toBe(true);
  });

  test("an expired lock is free for the next worker", async () => {
    const [a, b] = [newHolderId(), newHolderId()];
    expect(await tryAcquireLock(db.prisma, "ingest:selection", a, 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(await tryAcquireLock(db.prisma, "ingest:selection", b, 60_000)).toBe(true);
    expect((await db.prisma.jobLock.findUniqueOrThrow({ where: { name: "ingest:selection" } })).holder).toBe(b);
  });

  test("a lock held by a process on this host that has died is taken over at once", async () => {
    const dead = `${hostname()}:${deadPid()}:0badc0de`;
    expect(holderIsDeadLocalProcess(dead)).toBe(true);
    expect(holderIsDeadLocalProcess(`${hostname()}:${process.pid}:0badc0de`)).toBe(false);
    expect(holderIsDeadLocalProcess(`another-host:${deadPid()}:0badc0de`)).toBe(false);
    await db.prisma.jobLock.create({
      data: { name: "ingest:repo:octo/tiny-lib", holder: dead, expiresAt: new Date(Date.now() + 3_600_000) },
    });
    const me = newHolderId();
    expect(await tryAcquireLock(db.prisma, "ingest:repo:octo/tiny-lib", me, 60_000)).toBe(true);
    // a live holder elsewhere is respected until its lock expires
    await db.prisma.jobLock.create({
      data: { name: "ingest:repo:remote", holder: "another-host:1:feedbeef", expiresAt: new Date(Date.now() + 3_600_000) },
    });
    expect(await tryAcquireLock(db.prisma, "ingest:repo:remote", me, 60_000)).toBe(false);
  });

  test("many workers racing for one lock: exactly one wins", async () => {
    const holders = Array.from({ length: 8 }, () => newHolderId());
    const results = await Promise.all(holders.map((h) => tryAcquireLock(db.prisma, "ingest:race", h, 60_000)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const row = await db.prisma.jobLock.findUniqueOrThrow({ where: { name: "ingest:race" } });
    expect(row.holder).toBe(holders[results.indexOf(true)]);
  });
});
