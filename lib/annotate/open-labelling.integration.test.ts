import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import type { SessionUser } from "@/lib/auth/roles";
import { homePathOf, landingPathOf } from "@/lib/auth/page-access";
import { loadQueue } from "./annotation-queue";
import { countOpenLabelling } from "./open-labelling";
import { submitLabel } from "./submit-label";
import { demoUsers } from "./testing/annotation-fixture";

describe.each(TEST_DATABASE_KINDS)("open labelling decides where a lead who annotates lands, on %s", (kind) => {
  let db: Database;
  let users: Record<string, SessionUser>;
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
    users = await demoUsers(db.prisma);
  });
  afterAll(async () => db?.close());

  test("an adjudicator who also annotates, with items still to label, lands on the queue until the last is labelled", async () => {
    const carol = users.carol;
    const toLabel = (await loadQueue(db.prisma, carol, "mine")).filter((q) => q.ownLabel === null && q.stage === "annotating");
    expect(toLabel.length).toBeGreaterThan(0);
    expect(await countOpenLabelling(db.prisma, carol.id)).toBe(toLabel.length);
    expect(landingPathOf(carol, null, await countOpenLabelling(db.prisma, carol.id))).toBe("/annotate");

    for (const item of toLabel)
      await submitLabel(db.prisma, { instanceId: item.id, annotatorId: carol.id, value: "trustworthy", rationale: "Checked the hunk." });
    expect(await countOpenLabelling(db.prisma, carol.id)).toBe(0);
    expect(homePathOf(carol, await countOpenLabelling(db.prisma, carol.id))).toBe("/");
    // an admin who labels nothing starts on the overview
    expect(await countOpenLabelling(db.prisma, users.admin.id)).toBe(0);
  });
});
