import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { demoUsers } from "@/lib/annotate/testing/annotation-fixture";
import type { SessionUser } from "@/lib/auth/roles";
import { mayKnowParentLabel, parentsWithKnownLabel } from "./parent-label-visibility";

describe("who may know a parent's final label", () => {
  test("leads who did not annotate it; never its annotators, whatever other roles they hold; never annotators", () => {
    const carol = { id: "c", roles: ["adjudicator", "annotator"] as SessionUser["roles"] };
    const admin = { id: "a", roles: ["admin"] as SessionUser["roles"] };
    const alice = { id: "al", roles: ["annotator"] as SessionUser["roles"] };
    expect(mayKnowParentLabel(carol, ["c", "b"])).toBe(false);
    expect(mayKnowParentLabel(carol, ["al", "b"])).toBe(true);
    expect(mayKnowParentLabel(admin, ["al", "b"])).toBe(true);
    expect(mayKnowParentLabel(alice, ["al", "b"])).toBe(false);
    expect(mayKnowParentLabel(alice, ["x", "b"])).toBe(false);
  });
});

describe.each(TEST_DATABASE_KINDS)("the perturbation pages' parents, on %s", (kind) => {
  let db: Database;
  let users: Record<string, SessionUser>;
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
    users = await demoUsers(db.prisma);
  });
  afterAll(async () => db?.close());

  test("each parent's annotators are kept from its final label; a lead who did not annotate it may know it", async () => {
    const parents = await db.prisma.instance.findMany({
      where: { source: "human", finalLabel: "trustworthy" },
      select: { id: true, assignments: { select: { annotatorId: true } } },
    });
    expect(parents.length).toBeGreaterThan(0);
    const ids = parents.map((p) => p.id);
    for (const user of Object.values(users)) {
      const known = await parentsWithKnownLabel(db.prisma, user, ids);
      for (const p of parents) {
        const annotated = p.assignments.some((a) => a.annotatorId === user.id);
        const lead = user.roles.includes("admin") || user.roles.includes("adjudicator");
        expect(known.has(p.id), `${user.login} on ${p.id}`).toBe(lead && !annotated);
      }
    }
    // the demo's case that leaked: an adjudicator who annotated a confirmed-trustworthy comment
    const carolAnnotated = parents.filter((p) => p.assignments.some((a) => a.annotatorId === users.carol.id));
    expect(carolAnnotated.length).toBeGreaterThan(0);
    expect(await parentsWithKnownLabel(db.prisma, users.carol, [])).toEqual(new Set());
  });
});
