import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { saveUser } from "./save-user";
import { signIn, userForToken } from "./sessions";

describe.each(TEST_DATABASE_KINDS)("accounts without the demo, on %s", (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  test("a saved user signs in with its roles; saving it again changes the password and ends its sessions", async () => {
    const login = `annotator-${randomBytes(3).toString("hex")}`;
    expect(await saveUser(db.prisma, { login, roles: ["annotator"], password: "first password" })).toMatchObject({ created: true });
    const session = await signIn(db.prisma, login, "first password", { address: "10.0.0.9" });
    expect((await userForToken(db.prisma, session?.token))?.roles).toEqual(["annotator"]);

    expect(await saveUser(db.prisma, { login, roles: ["annotator", "adjudicator"], password: "second password" })).toMatchObject({
      created: false,
    });
    expect(await userForToken(db.prisma, session?.token)).toBeNull();
    expect(await signIn(db.prisma, login, "first password", { address: "10.0.0.9" })).toBeNull();
    const again = await signIn(db.prisma, login, "second password", { address: "10.0.0.9" });
    expect((await userForToken(db.prisma, again?.token))?.roles).toEqual(["annotator", "adjudicator"]);
    expect(
      (await db.prisma.auditEvent.findMany({ where: { subjectType: "user", subjectId: login }, orderBy: { id: "asc" } })).map(
        (e) => e.action,
      ),
    ).toEqual(["user.created", "user.updated"]);
  });

  test("a short password, no role or a login with spaces is refused", async () => {
    await expect(saveUser(db.prisma, { login: "x", roles: ["admin"], password: "short" })).rejects.toThrow("at least 8");
    await expect(saveUser(db.prisma, { login: "x", roles: [], password: "long enough" })).rejects.toThrow("at least one role");
    await expect(saveUser(db.prisma, { login: "a b", roles: ["admin"], password: "long enough" })).rejects.toThrow("a login is");
  });
});
