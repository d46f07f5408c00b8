// Drafts on the server, on both databases: the newer edit wins whatever order requests arrive in, an
// empty draft is removed, only the assigned annotator of an instance still in annotation may keep one,
// and submitting the label removes it.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { readLabelDraft, saveLabelDraft } from "./server-drafts";
import { submitOwnLabel } from "./submit-label";

describe.each(TEST_DATABASE_KINDS)("label drafts on the server, on %s", (kind) => {
  let db: Database;
  beforeEach(async () => {
    db = await openSeededTestDatabase(kind);
  });
  afterEach(async () => db?.close());

  async function openAssignment() {
    const a = await db.prisma.assignment.findFirstOrThrow({
      where: { completedAt: null, instance: { stage: "annotating", labels: { none: {} } } },
      select: { instanceId: true, annotatorId: true },
    });
    return a;
  }

  test("the newer edit wins in any order of arrival; an empty draft removes it; submitting the label removes it", async () => {
    const { instanceId, annotatorId } = await openAssignment();
    const t = Date.now();
    expect(
      await saveLabelDraft(db.prisma, annotatorId, { instanceId, value: "trustworthy", rationale: "second", editedAt: t + 2 }),
    ).toEqual({
      kept: true,
    });
    // an older request arriving late changes nothing
    expect(await saveLabelDraft(db.prisma, annotatorId, { instanceId, value: "unsuitable", rationale: "first", editedAt: t + 1 })).toEqual({
      kept: false,
    });
    expect(await readLabelDraft(db.prisma, annotatorId, instanceId)).toEqual({
      value: "trustworthy",
      rationale: "second",
      editedAt: t + 2,
    });
    await saveLabelDraft(db.prisma, annotatorId, { instanceId, value: null, rationale: "  ", editedAt: t + 3 });
    expect(await readLabelDraft(db.prisma, annotatorId, instanceId)).toBeNull();

    await saveLabelDraft(db.prisma, annotatorId, { instanceId, value: "untrustworthy", rationale: "half", editedAt: t + 4 });
    await submitOwnLabel(db.prisma, annotatorId, { instanceId, value: "untrustworthy", rationale: "The claim is wrong at the base." });
    expect(await readLabelDraft(db.prisma, annotatorId, instanceId)).toBeNull();
  });

  test("only the assigned annotator keeps a draft, and only while the instance is in annotation", async () => {
    const { instanceId, annotatorId } = await openAssignment();
    const stranger = await db.prisma.user.findFirstOrThrow({
      where: { roles: { has: "annotator" }, assignments: { none: { instanceId } } },
      select: { id: true },
    });
    const draft = { instanceId, value: null, rationale: "x", editedAt: Date.now() };
    await expect(saveLabelDraft(db.prisma, stranger.id, draft)).rejects.toMatchObject({ code: "not_assigned" });
    await db.prisma.instance.update({ where: { id: instanceId }, data: { stage: "labelled" } });
    await expect(saveLabelDraft(db.prisma, annotatorId, draft)).rejects.toMatchObject({ code: "annotation_closed" });
  });
});
