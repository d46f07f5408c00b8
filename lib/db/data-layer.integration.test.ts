import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "./connection";
import { migrate } from "./migrate";
import { openTestDatabase, TEST_DATABASE_KINDS } from "./testing/test-database";

describe.each(TEST_DATABASE_KINDS)("data layer on %s", (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  test("migrations are recorded and re-running them applies nothing", async () => {
    const rows = await db.query<{ migration_name: string }>(`SELECT migration_name FROM "_prisma_migrations"`);
    expect(rows.map((r) => r.migration_name)).toContain("20261202140506_init");
    expect(await migrate(db)).toEqual([]);
  });

  test("a PR with its timeline, an instance, two labels and an adjudication round-trip", async () => {
    const { prisma } = db;
    const [alice, bob, carol] = await Promise.all(
      ["alice", "bob", "carol"].map((login) =>
        prisma.user.create({ data: { login, name: login, passwordHash: "x", roles: ["annotator"] } }),
      ),
    );
    const repo = await prisma.repository.create({
      data: { owner: "pandas-dev", name: "pandas", fullName: "pandas-dev/pandas", language: "Python", stars: 45000 },
    });
    const pr = await prisma.pullRequest.create({
      data: {
        repositoryId: repo.id,
        number: 58123,
        title: "BUG: fix nanmedian",
        body: "Fixes #1",
        createdAt: new Date("2025-01-02T03:04:05Z"),
        updatedAt: new Date("2025-01-03T00:00:00Z"),
        baseSha: "a".repeat(40),
        headSha: "b".repeat(40),
        patch: "diff --git a/x.py b/x.py\n@@ -1 +1 @@\n-a\n+b",
        linkedIssues: { create: [{ number: 1, title: "nanmedian wrong", body: "..." }] },
        timeline: {
          create: [
            { kind: "commit", sha: "c".repeat(40), authorLogin: "dev", createdAt: new Date("2025-01-02T03:05:00Z"), body: "fix" },
            // GitHub ids pass 2^31; they must survive as BigInt
            {
              kind: "inline",
              githubId: 2_345_678_901_234n,
              authorLogin: "reviewer",
              authorType: "User",
              createdAt: new Date("2025-01-02T04:00:00Z"),
              body: "This can be None here",
              path: "x.py",
              diffHunk: "@@ -1 +1 @@\n-a\n+b",
            },
          ],
        },
      },
      include: { timeline: true, linkedIssues: true },
    });
    const inline = pr.timeline.find((t) => t.kind === "inline")!;
    expect(inline.githubId).toBe(2_345_678_901_234n);
    const instance = await prisma.instance.create({ data: { pullRequestId: pr.id, targetEntryId: inline.id, stage: "annotating" } });
    await prisma.label.createMany({
      data: [
        { instanceId: instance.id, annotatorId: alice.id, value: "trustworthy", rationale: "guarded by caller" },
        { instanceId: instance.id, annotatorId: bob.id, value: "untrustworthy", rationale: "cannot be None" },
      ],
    });
    await prisma.adjudication.create({ data: { instanceId: instance.id, adjudicatorId: carol.id, value: "trustworthy" } });
    const loaded = await prisma.instance.findUniqueOrThrow({
      where: { id: instance.id },
      include: {
        labels: { orderBy: { value: "asc" } },
        adjudication: true,
        targetEntry: true,
        pullRequest: { include: { linkedIssues: true } },
      },
    });
    expect(loaded.labels.map((l) => l.value)).toEqual(["trustworthy", "untrustworthy"]);
    expect(loaded.adjudication?.value).toBe("trustworthy");
    expect(loaded.pullRequest.linkedIssues[0].title).toBe("nanmedian wrong");

    // one label per annotator per instance
    await expect(
      prisma.label.create({ data: { instanceId: instance.id, annotatorId: alice.id, value: "unsuitable" } }),
    ).rejects.toMatchObject({ code: "P2002" });
    // a PR number is unique within its repository
    await expect(
      prisma.pullRequest.create({
        data: {
          repositoryId: repo.id,
          number: 58123,
          title: "dup",
          createdAt: new Date(),
          updatedAt: new Date(),
          baseSha: "a",
          headSha: "b",
        },
      }),
    ).rejects.toMatchObject({ code: "P2002" });

    // perturbations hang off their parent and are deleted with it
    await prisma.instance.create({
      data: {
        pullRequestId: pr.id,
        targetEntryId: inline.id,
        source: "perturbation",
        perturbationKind: "negation",
        parentId: instance.id,
        perturbedBody: "This cannot be None here",
      },
    });
    expect(await prisma.instance.count({ where: { parentId: instance.id } })).toBe(1);
    await prisma.repository.delete({ where: { id: repo.id } });
    expect(await prisma.instance.count()).toBe(0);
    expect(await prisma.timelineEntry.count()).toBe(0);
  });

  test("audit events are append-only", async () => {
    const ev = await db.prisma.auditEvent.create({
      data: { action: "label.create", subjectType: "instance", subjectId: "x", details: { v: 1 } },
    });
    expect(ev.id).toBeTypeOf("bigint");
    await expect(db.prisma.auditEvent.update({ where: { id: ev.id }, data: { action: "tampered" } })).rejects.toThrow(/append-only/);
    await expect(db.prisma.auditEvent.deleteMany({})).rejects.toThrow(/append-only/);
    expect(await db.prisma.auditEvent.count()).toBe(1);
  });

  test("interactive transactions roll back on error", async () => {
    await expect(
      db.prisma.$transaction(async (tx) => {
        await tx.user.create({ data: { login: "tx-user", name: "t", passwordHash: "x", roles: [] } });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await db.prisma.user.count({ where: { login: "tx-user" } })).toBe(0);
  });
});
