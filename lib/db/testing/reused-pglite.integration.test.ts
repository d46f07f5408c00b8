// A reused PGlite must be indistinguishable from one started on the dump: the template's rows and
// sequences back, anything a test added gone, and a PGlite whose schema a test changed never reused.
import { afterEach, describe, expect, test } from "vitest";
import type { Database } from "../connection";
import { pgliteBehind } from "./reused-pglite";
import { migratedEmbeddedDump, openCopyOf } from "./test-database";

describe("embedded test copies reuse a PGlite set back to the template", () => {
  const opened: Database[] = [];
  const copy = async (dump: Blob) => {
    const db = await openCopyOf({ embedded: dump });
    opened.push(db);
    return db;
  };
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.close();
  });
  const audit = (db: Database, action: string) => db.prisma.auditEvent.create({ data: { action, subjectType: "test", subjectId: "1" } });

  test("rows, sequences and added schemas of the last test are gone; the template's rows are back", async () => {
    // a template with rows of its own: one audit event
    const base = await copy(await migratedEmbeddedDump());
    await audit(base, "in the template");
    const dump = await base.pglite?.dumpDataDir("none");
    if (!dump) throw new Error("no PGlite");

    const first = await copy(dump);
    expect(await first.prisma.auditEvent.findMany({ select: { id: true, action: true } })).toEqual([{ id: 1n, action: "in the template" }]);
    // as on any copy of a dump, the sequence goes on from where PostgreSQL logged it, not from 2
    const nextId = (await audit(first, "by a test")).id;
    await first.prisma.user.create({ data: { login: "temp", name: "Temp", passwordHash: "x", roles: ["admin"] } });
    await first.execScript(`CREATE SCHEMA scratch; CREATE TABLE scratch.t (a int); INSERT INTO scratch.t VALUES (1);`);
    await first.execScript(`CREATE TEMPORARY TABLE scratch_temp (a int)`);
    const pglite = pgliteBehind(first.pglite);
    const handle = first.pglite;
    await first.close();
    // the closed copy's handle refuses, as a closed PGlite would: nothing left running reaches the next test
    expect(handle?.closed).toBe(true);
    await expect(async () => handle?.query("SELECT 1")).rejects.toThrow(/closed/);
    opened.splice(0);

    const second = await copy(dump);
    expect(pgliteBehind(second.pglite)).toBe(pglite);
    expect(await second.prisma.auditEvent.findMany({ select: { id: true, action: true } })).toEqual([
      { id: 1n, action: "in the template" },
    ]);
    expect((await audit(second, "next test")).id).toBe(nextId);
    expect(await second.prisma.user.count()).toBe(0);
    expect(await second.query("SELECT nspname FROM pg_namespace WHERE nspname = 'scratch'")).toEqual([]);
    expect(await second.query("SELECT relname FROM pg_class WHERE relname = 'scratch_temp'")).toEqual([]);
  });

  test("a PGlite whose schema a test changed is closed, and the next copy starts on the dump", async () => {
    const dump = await migratedEmbeddedDump();
    const changed = await copy(dump);
    await changed.execScript(`ALTER TABLE "User" ADD COLUMN "nickname" text`);
    const pglite = pgliteBehind(changed.pglite);
    await changed.close();
    opened.splice(0);

    const next = await copy(dump);
    expect(pgliteBehind(next.pglite)).not.toBe(pglite);
    expect(pglite?.closed).toBe(true);
    expect(
      await next.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'User' AND column_name = 'nickname'`),
    ).toEqual([]);
  });

  test("a test that left a transaction open still hands back a clean copy", async () => {
    const dump = await migratedEmbeddedDump();
    const db = await copy(dump);
    await db.execScript(`BEGIN; INSERT INTO "Setting" ("key", "value", "updatedAt") VALUES ('left', '1', now());`);
    await db.close();
    opened.splice(0);
    const next = await copy(dump);
    expect(await next.prisma.setting.count()).toBe(0);
    await next.prisma.setting.create({ data: { key: "after", value: 1 } });
    expect(await next.prisma.setting.count()).toBe(1);
  });
});
