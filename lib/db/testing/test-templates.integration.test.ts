// Copies of a template are independent of each other and of the template; a template is built once.
import { describe, expect, test } from "vitest";
import { TEST_DATABASE_KINDS, openTestDatabase } from "./test-database";
import { clonePrefix, dropDatabase, postgresTemplate, templatePrefix, withAdmin } from "./test-templates";

describe.each(TEST_DATABASE_KINDS)("test databases on %s", (kind) => {
  test("each copy of the migrated template is migrated and holds only its own rows", async () => {
    const a = await openTestDatabase(kind);
    const b = await openTestDatabase(kind);
    try {
      await a.prisma.user.create({ data: { login: "only-in-a", name: "A", passwordHash: "x", roles: ["admin"] } });
      expect(await a.prisma.user.count()).toBe(1);
      expect(await b.prisma.user.count()).toBe(0);
      const migrations = await b.query<{ n: number }>(`SELECT count(*)::int AS n FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`);
      expect(migrations[0].n).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }
    const c = await openTestDatabase(kind);
    expect(await c.prisma.user.count()).toBe(0);
    await c.close();
  });
});

test("a PostgreSQL template is built once however many ask for it at once", async () => {
  let builds = 0;
  const name = `once${Date.now()}`;
  const build = async () => {
    builds++;
  };
  const [x, y] = await Promise.all([postgresTemplate(name, build), postgresTemplate(name, build)]);
  expect(x).toBe(y);
  expect(x.startsWith(templatePrefix())).toBe(true);
  expect(builds).toBe(1);
});

test("a copy left invalid by a DROP cut off midway is dropped, and so is a template", async () => {
  const stamp = Date.now();
  const copy = `${clonePrefix()}cut${stamp}`;
  const template = await postgresTemplate(`dropped${stamp}`, async () => undefined);
  await withAdmin(async (c) => {
    await c.query(`CREATE DATABASE "${copy}"`);
    // what PostgreSQL leaves of a database whose DROP DATABASE was interrupted (datconnlimit -2: invalid)
    await c.query("UPDATE pg_database SET datconnlimit = -2 WHERE datname = $1", [copy]);
  });
  await dropDatabase(copy);
  await dropDatabase(template);
  const left = await withAdmin(
    async (c) => (await c.query("SELECT datname FROM pg_database WHERE datname = ANY($1)", [[copy, template]])).rows,
  );
  expect(left).toEqual([]);
});
