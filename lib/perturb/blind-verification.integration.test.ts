import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { buildPerturbationWorld, type PerturbationWorld } from "@/lib/demo/testing/perturbation-world";
import { nextPendingPerturbation, votesVisible } from "./blind-verification";
import { createPerturbation } from "./create-perturbation";
import { listPerturbations } from "./list-perturbations";
import { loadPerturbationReview } from "./load-perturbation-review";
import { proposePerturbations } from "./propose-perturbations";
import { verifyPerturbation } from "./verify-perturbation";
import { withdrawVerification } from "./withdraw-verification";

test("votes show once the viewer voted, the rule decided, or to the creator", () => {
  expect(votesVisible({ verification: "pending", viewerDecision: null, viewerIsCreator: false })).toBe(false);
  expect(votesVisible({ verification: "pending", viewerDecision: "accepted", viewerIsCreator: false })).toBe(true);
  expect(votesVisible({ verification: "rejected", viewerDecision: null, viewerIsCreator: false })).toBe(true);
  expect(votesVisible({ verification: "pending", viewerDecision: null, viewerIsCreator: true })).toBe(true);
});

describe.each(TEST_DATABASE_KINDS)("blind verification on %s", (kind) => {
  let db: Database;
  let w: PerturbationWorld;
  beforeEach(async () => {
    db = await openTestDatabase(kind);
    w = await buildPerturbationWorld(db.prisma);
  });
  afterEach(async () => db?.close());

  const create = async (parentId: string, pick = 0) => {
    // the rules' location moves: the candidates that need no model (blinding is the same for every kind)
    const { candidates } = await proposePerturbations(db.prisma, parentId, "location");
    const c = candidates[pick];
    return createPerturbation(db.prisma, {
      parentId,
      kind: "location",
      by: w.users.admin,
      candidate: { perturbed: c.perturbed, rule: c.rule, rationale: c.rationale },
    });
  };

  test("a verifier sees no other vote and no history until they have voted", async () => {
    const created = await create(w.trustworthyInline);
    await verifyPerturbation(db.prisma, { instanceId: created.id, verifierId: w.users.carol, decision: "accept", note: "carol's reason" });
    const before = await loadPerturbationReview(db.prisma, created.id, w.users.alice);
    expect(before).toMatchObject({ votesHidden: true, accepted: null, verifiers: [], verifications: [] });
    expect(before?.history.map((h) => h.action)).toEqual(["perturb.create"]);
    expect(JSON.stringify(before)).not.toContain("carol's reason");

    await verifyPerturbation(db.prisma, { instanceId: created.id, verifierId: w.users.alice, decision: "accept" });
    const after = await loadPerturbationReview(db.prisma, created.id, w.users.alice);
    expect(after).toMatchObject({ votesHidden: false, accepted: 2 });
    expect(after?.verifications.map((v) => [v.login, v.note])).toEqual([
      ["carol", "carol's reason"],
      ["alice", ""],
    ]);
    expect(after?.history.map((h) => h.action)).toEqual(["perturb.create", "perturb.verify", "perturb.verify"]);
  });

  test("the creator cannot verify their own perturbation, nor edit it into an acceptance", async () => {
    const created = await create(w.trustworthyInline);
    await expect(
      verifyPerturbation(db.prisma, { instanceId: created.id, verifierId: w.users.admin, decision: "accept" }),
    ).rejects.toMatchObject({ code: "own_instance", status: 403 });
    await expect(
      verifyPerturbation(db.prisma, { instanceId: created.id, verifierId: w.users.admin, decision: "reject", note: "changed my mind" }),
    ).rejects.toMatchObject({ code: "own_instance" });
    expect(await db.prisma.perturbationVerification.count({ where: { instanceId: created.id } })).toBe(0);
    const review = await loadPerturbationReview(db.prisma, created.id, w.users.admin);
    expect(review).toMatchObject({ viewerIsCreator: true, votesHidden: false });
  });

  test("a vote can be withdrawn until the rule decides, and the withdrawal is audited", async () => {
    const created = await create(w.trustworthyInline);
    await verifyPerturbation(db.prisma, { instanceId: created.id, verifierId: w.users.bob, decision: "accept" });
    const out = await withdrawVerification(db.prisma, { instanceId: created.id, verifierId: w.users.bob });
    expect(out).toMatchObject({ withdrawn: "accepted", accepted: 0, required: 3 });
    expect(await db.prisma.perturbationVerification.count({ where: { instanceId: created.id } })).toBe(0);
    const audit = await db.prisma.auditEvent.findFirstOrThrow({ where: { action: "perturb.withdraw", subjectId: created.id } });
    expect(audit).toMatchObject({ actorId: w.users.bob, details: { decision: "accepted" } });
    await expect(withdrawVerification(db.prisma, { instanceId: created.id, verifierId: w.users.bob })).rejects.toMatchObject({
      code: "not_found",
    });
    // bob votes again; after the rule decides nothing can be withdrawn
    for (const verifierId of [w.users.bob, w.users.carol, w.users.alice])
      await verifyPerturbation(db.prisma, { instanceId: created.id, verifierId, decision: "accept" });
    await expect(withdrawVerification(db.prisma, { instanceId: created.id, verifierId: w.users.bob })).rejects.toMatchObject({
      code: "already_decided",
    });
    expect((await loadPerturbationReview(db.prisma, created.id, w.users.bob))?.history.map((h) => h.summary)).toContain(
      "withdrew their accepted vote",
    );
  });

  test("next pending: the oldest one the viewer neither voted on nor created", async () => {
    const first = await create(w.trustworthyInline);
    const second = await create(w.trustworthyOtherInline, 1);
    expect(await nextPendingPerturbation(db.prisma, { viewerId: w.users.alice })).toBe(first.id);
    expect(await nextPendingPerturbation(db.prisma, { viewerId: w.users.alice, afterId: first.id })).toBe(second.id);
    await verifyPerturbation(db.prisma, { instanceId: first.id, verifierId: w.users.alice, decision: "accept" });
    expect(await nextPendingPerturbation(db.prisma, { viewerId: w.users.alice })).toBe(second.id);
    await verifyPerturbation(db.prisma, { instanceId: second.id, verifierId: w.users.alice, decision: "accept" });
    expect(await nextPendingPerturbation(db.prisma, { viewerId: w.users.alice })).toBeNull();
    expect(await nextPendingPerturbation(db.prisma, { viewerId: w.users.admin })).toBeNull();
    // the list says the same: alice's own vote shows, the others stay hidden for bob
    const forBob = await listPerturbations(db.prisma, { viewerId: w.users.bob });
    expect(forBob.every((r) => r.votesHidden && r.accepted === null)).toBe(true);
  });
});
