import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "@/lib/db/connection";
import { createPostgresTestDatabase, openTestDatabase } from "@/lib/db/testing/test-database";
import { tryNamedLock, withNamedLock } from "./named-lock";
import { holderIsDeadLocalProcess, newHolderId } from "./process-holder";

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("named locks on the embedded database (one process holds it)", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase("embedded");
  });
  afterAll(() => db?.close());

  test("a second taker is refused until the holder lets go; releasing twice is harmless", async () => {
    const first = await tryNamedLock(db.prisma, "ingest:repo:acme/widgets");
    expect(first).not.toBeNull();
    expect(await tryNamedLock(db.prisma, "ingest:repo:acme/widgets")).toBeNull();
    expect(await tryNamedLock(db.prisma, "ingest:repo:octo/tiny-lib")).not.toBeNull();
    await first?.();
    await first?.();
    const again = await tryNamedLock(db.prisma, "ingest:repo:acme/widgets");
    expect(again).not.toBeNull();
    await again?.();
  });

  test("withNamedLock runs the work holding the lock, lets go after a failure, and calls busy when taken", async () => {
    await expect(
      withNamedLock(
        db.prisma,
        "screen:rules",
        async () => {
          throw new Error("boom");
        },
        () => {
          throw new Error("busy");
        },
      ),
    ).rejects.toThrow("boom");
    const held = await tryNamedLock(db.prisma, "screen:rules");
    expect(held).not.toBeNull();
    await expect(
      withNamedLock(
        db.prisma,
        "screen:rules",
        async () => "ran",
        () => {
          throw new Error("busy");
        },
      ),
    ).rejects.toThrow("busy");
    await held?.();
  });
});

describe("named locks on PostgreSQL: advisory locks, one session each", () => {
  let created: { url: string; drop(): Promise<void> };
  let workers: Database[];
  beforeAll(async () => {
    created = await createPostgresTestDatabase();
    workers = [await openDatabase({ kind: "postgresql", url: created.url }), await openDatabase({ kind: "postgresql", url: created.url })];
  });
  afterAll(async () => {
    for (const w of workers ?? []) await w.close();
    await created?.drop();
  });

  test("workers racing for one lock: exactly one wins, and the others get it once it is let go", async () => {
    const takers = [...workers, ...workers, ...workers, ...workers];
    const results = await Promise.all(takers.map((w) => tryNamedLock(w.prisma, "ingest:race")));
    expect(results.filter(Boolean)).toHaveLength(1);
    await results.find(Boolean)?.();
    const next = await tryNamedLock(workers[1].prisma, "ingest:race");
    expect(next).not.toBeNull();
    await next?.();
  });

  test("a holder whose session dies (killed worker, cut connection) frees the lock with it, no clock involved", async () => {
    const held = await tryNamedLock(workers[0].prisma, "ingest:selection");
    expect(held).not.toBeNull();
    expect(await tryNamedLock(workers[1].prisma, "ingest:selection")).toBeNull();
    // what PostgreSQL does when a worker is killed: the session ends
    await workers[1].query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'crjudge lock ingest:selection'",
    );
    await expect
      .poll(async () => {
        const taken = await tryNamedLock(workers[1].prisma, "ingest:selection");
        await taken?.();
        return taken !== null;
      })
      .toBe(true);
    await held?.();
  });
});

test("a holder on this host whose process has died is recognised (crawl runs of killed workers are closed)", () => {
  expect(holderIsDeadLocalProcess(`${hostname()}:${deadPid()}:0badc0de`)).toBe(true);
  expect(holderIsDeadLocalProcess(`${hostname()}:${process.pid}:0badc0de`)).toBe(false);
  expect(holderIsDeadLocalProcess(`another-host:${deadPid()}:0badc0de`)).toBe(false);
  expect(newHolderId()).toMatch(new RegExp(`^${hostname()}:${process.pid}:[0-9a-f]{8}$`));
});
