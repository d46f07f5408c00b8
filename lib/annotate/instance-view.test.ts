import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { seedDemo } from "@/lib/demo/seed-demo";
import type { SessionUser } from "@/lib/auth/roles";
import { loadInstanceView } from "./instance-view";

describe.each(TEST_DATABASE_KINDS)("instance view blinding on %s", (kind) => {
  let db: Database;
  const users: Record<string, SessionUser> = {};
  let instanceId: string;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await seedDemo(db.prisma);
    for (const u of await db.prisma.user.findMany()) users[u.login] = { id: u.id, login: u.login, name: u.name, roles: u.roles };
    const inst = await db.prisma.instance.findFirstOrThrow({ where: { targetEntry: { kind: "inline" } }, orderBy: { id: "asc" } });
    instanceId = inst.id;
    await db.prisma.label.createMany({
      data: [
        { instanceId, annotatorId: users.alice.id, value: "trustworthy", rationale: "alice's reason" },
        { instanceId, annotatorId: users.bob.id, value: "untrustworthy", rationale: "bob's reason" },
      ],
    });
  });
  afterAll(async () => db?.close());

  test("an annotator sees their own label and nothing of the other's", async () => {
    const view = (await loadInstanceView(db.prisma, instanceId, users.alice))!;
    expect(view.ownLabel?.value).toBe("trustworthy");
    expect(view.otherLabels).toEqual([]);
    expect(JSON.stringify(view)).not.toContain("bob's reason");
    expect(view.source).toBeNull();
  });
  test("an adjudicator sees both labels with rationales", async () => {
    const view = (await loadInstanceView(db.prisma, instanceId, users.carol))!;
    expect(view.otherLabels.map((l) => l.annotator).sort()).toEqual(["alice", "bob"]);
    expect(view.source).toBe("human");
  });
  test("the view carries the PR, its patch and the comment's hunk", async () => {
    const view = (await loadInstanceView(db.prisma, instanceId, users.alice))!;
    expect(view.pullRequest.patch).toContain("diff --git a/");
    expect(view.comment.diffHunk).toMatch(/^@@ /);
    expect(await loadInstanceView(db.prisma, "missing", users.alice)).toBeNull();
  });
});
