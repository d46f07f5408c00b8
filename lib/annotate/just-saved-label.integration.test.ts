import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import type { SessionUser } from "@/lib/auth/roles";
import { loadQueue } from "./annotation-queue";
import { loadJustSavedLabel } from "./just-saved-label";
import { countSkippedOpen } from "./open-labelling";
import { skipAssignment } from "./skip-or-flag";
import { submitLabel } from "./submit-label";
import { demoUsers } from "./testing/annotation-fixture";

describe.each(TEST_DATABASE_KINDS)("the label just saved, read back for the next item's page, on %s", (kind) => {
  let db: Database;
  let users: Record<string, SessionUser>;
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
    users = await demoUsers(db.prisma);
  });
  afterAll(async () => db?.close());

  test("says what was saved on which item, only for the viewer's own saved label", async () => {
    const alice = users.alice;
    const [item] = (await loadQueue(db.prisma, alice, "mine")).filter((q) => q.ownLabel === null && q.stage === "annotating");
    expect(await loadJustSavedLabel(db.prisma, alice.id, item.id)).toBeNull();
    await submitLabel(db.prisma, { instanceId: item.id, annotatorId: alice.id, value: "untrustworthy", rationale: "The hunk disagrees." });
    const saved = await loadJustSavedLabel(db.prisma, alice.id, item.id);
    expect(saved).toMatchObject({ instanceId: item.id, value: "untrustworthy" });
    expect(saved?.caption).toContain(`${item.repo}#${item.prNumber}`);
    // someone else's label on it is not "yours, just saved"
    expect(await loadJustSavedLabel(db.prisma, users.bob.id, item.id)).toBeNull();
    expect(await loadJustSavedLabel(db.prisma, alice.id, "no-such-instance")).toBeNull();
  });

  test("counts the skipped items left in the queue, leaving out the item being labelled", async () => {
    const bob = users.bob;
    const open = (await loadQueue(db.prisma, bob, "mine")).filter((q) => q.ownLabel === null && q.stage === "annotating" && !q.skipped);
    expect(open.length).toBeGreaterThan(1);
    const before = await countSkippedOpen(db.prisma, bob.id, open[0].id);
    await skipAssignment(db.prisma, { instanceId: open[1].id, annotatorId: bob.id, note: "Needs the linked issue." });
    expect(await countSkippedOpen(db.prisma, bob.id, open[0].id)).toBe(before + 1);
    expect(await countSkippedOpen(db.prisma, bob.id, open[1].id)).toBe(before);
  });
});
