import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import type { SessionUser } from "@/lib/auth/roles";

import { loadInstanceView } from "./instance-view";
import { submitLabel } from "./submit-label";
import { demoUsers, freshInstanceFor } from "./testing/annotation-fixture";

describe.each(TEST_DATABASE_KINDS)("instance view blinding on %s", (kind) => {
  let db: Database;
  let users: Record<string, SessionUser>;
  let instanceId: string;
  let carolsInstance: string;
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
    users = await demoUsers(db.prisma);
    instanceId = await freshInstanceFor(db.prisma, [users.alice, users.bob]);
    await submitLabel(db.prisma, { instanceId, annotatorId: users.alice.id, value: "trustworthy", rationale: "alice's reason" });
    await submitLabel(db.prisma, { instanceId, annotatorId: users.bob.id, value: "untrustworthy", rationale: "bob's reason" });
    // carol is an adjudicator too, but here she annotates: she must be as blind as anyone
    carolsInstance = await freshInstanceFor(db.prisma, [users.alice, users.carol], [instanceId]);
    await submitLabel(db.prisma, {
      instanceId: carolsInstance,
      annotatorId: users.alice.id,
      value: "trustworthy",
      rationale: "alice on carol's instance",
    });
  });
  afterAll(async () => db?.close());

  test("an annotator sees their own label and nothing of the other's", async () => {
    const view = await loadInstanceView(db.prisma, instanceId, users.alice);
    expect(view.perspective).toBe("annotator");
    expect(view.ownLabel?.value).toBe("trustworthy");
    expect(view.otherLabels).toEqual([]);
    expect(view.assignees).toEqual([]);
    expect(JSON.stringify(view)).not.toContain("bob's reason");
    expect(view.source).toBeNull();
    expect(view.finalLabel).toBeNull();
    // "adjudicating" would tell alice that bob disagreed
    expect(view.stage).toBe("closed");
  });

  test("an adjudicator sees both labels with rationales and may decide", async () => {
    const view = await loadInstanceView(db.prisma, instanceId, users.carol);
    expect(view.perspective).toBe("lead");
    expect(view.otherLabels.map((l) => `${l.annotator}:${l.rationale}`).sort()).toEqual(["alice:alice's reason", "bob:bob's reason"]);
    expect(view.source).toBe("human");
    expect(view.stage).toBe("adjudicating");
    expect(view.canAdjudicate).toBe(true);
  });

  test("an adjudicator assigned as annotator is blind on that instance", async () => {
    const view = await loadInstanceView(db.prisma, carolsInstance, users.carol);
    expect(view.perspective).toBe("annotator");
    expect(view.otherLabels).toEqual([]);
    expect(view.timelineUnlocked).toBe(false);
    expect(view.comment.author).toBeNull();
    expect(JSON.stringify(view)).not.toContain("alice on carol's instance");
  });

  test("an annotator cannot open an instance that is not assigned to them", async () => {
    await expect(loadInstanceView(db.prisma, carolsInstance, users.bob)).rejects.toMatchObject({ code: "not_assigned", status: 403 });
    await expect(loadInstanceView(db.prisma, "missing", users.alice)).rejects.toMatchObject({ code: "not_found" });
  });

  test("the view carries the PR, its patch and the comment's hunk", async () => {
    const view = await loadInstanceView(db.prisma, instanceId, users.alice);
    expect(view.pullRequest.patch).toContain("diff --git a/");
    expect(view.comment.diffHunk).toMatch(/^@@ /);
    expect(view.pullRequest.baseSha).toMatch(/^[0-9a-f]{40}$/);
  });
});
