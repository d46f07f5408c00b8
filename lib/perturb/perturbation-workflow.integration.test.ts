import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { createPerturbation } from "./create-perturbation";
import { listEligibleParents } from "./list-eligible-parents";
import { listPerturbations } from "./list-perturbations";
import { loadPerturbationReview } from "./load-perturbation-review";
import { perturbationCounts } from "./perturbation-counts";
import { proposePerturbations } from "./propose-perturbations";
import { createLlmClient } from "@/lib/llm/client";
import { fakeReply, startFakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { loadPerturbationTargets, PAPER_TARGETS, savePerturbationTargets } from "./perturbation-targets";
import { loadRequiredVerifiers, saveRequiredVerifiers } from "./required-verifiers";
import { seedDemoPerturbations } from "@/lib/demo/seed-demo-perturbations";
import { buildPerturbationWorld, type PerturbationWorld } from "@/lib/demo/testing/perturbation-world";
import { verifyPerturbation } from "./verify-perturbation";

// Every test starts from its own database with the perturbation world and no perturbations.
describe.each(TEST_DATABASE_KINDS)("perturbation workflow on %s", (kind) => {
  let db: Database;
  let w: PerturbationWorld;
  beforeEach(async () => {
    db = await openTestDatabase(kind);
    w = await buildPerturbationWorld(db.prisma);
  });
  afterEach(async () => db?.close());

  /** Text edits an expert writes on the world's two comments (no rule makes text edits); `pick` chooses among those that apply. */
  const EXPERT_EDITS: Record<"negation" | "symbol", Array<[string, string]>> = {
    negation: [
      ["returns early", "does not return early"],
      ["should happen before", "should not happen before"],
      ["raises `TypeError`", "does not raise `TypeError`"],
      ["we never reach", "we always reach"],
    ],
    symbol: [
      ["`test_nanmedian_all_nan`", "`test_nanmean_overflow`"],
      ["`TypeError`", "`ValueError`"],
    ],
  };
  const create = async (parentId: string, k: "negation" | "symbol" | "location", pick = 0) => {
    if (k === "location") {
      const { candidates } = await proposePerturbations(db.prisma, parentId, k);
      const c = candidates[pick];
      return createPerturbation(db.prisma, {
        parentId,
        kind: k,
        by: w.users.admin,
        candidate: { perturbed: c.perturbed, rule: c.rule, rationale: c.rationale },
      });
    }
    const row = await db.prisma.instance.findUniqueOrThrow({ where: { id: parentId }, include: { targetEntry: true } });
    const { body, path, diffHunk } = row.targetEntry;
    const [before, after] = EXPERT_EDITS[k].filter(([b]) => body.includes(b))[pick];
    return createPerturbation(db.prisma, {
      parentId,
      kind: k,
      by: w.users.admin,
      candidate: {
        perturbed: { body: body.replace(before, after), path, diffHunk },
        origin: "expert",
        rule: "written by an expert",
        rationale: "",
      },
    });
  };
  const accept = async (instanceId: string, verifiers: string[]) => {
    for (const verifierId of verifiers) await verifyPerturbation(db.prisma, { instanceId, verifierId, decision: "accept" });
  };

  test("only human instances labelled trustworthy are eligible parents", async () => {
    const parents = await listEligibleParents(db.prisma);
    expect(parents.map((p) => p.id).sort()).toEqual([w.trustworthyInline, w.trustworthyOtherInline].sort());
    await expect(proposePerturbations(db.prisma, w.untrustworthy, "negation")).rejects.toMatchObject({ code: "not_eligible" });
    await expect(proposePerturbations(db.prisma, w.unlabelled, "negation")).rejects.toMatchObject({ code: "not_eligible" });
    await expect(proposePerturbations(db.prisma, "nope", "negation")).rejects.toMatchObject({ code: "not_found", status: 404 });
  });

  test("without a model no rule offers a text edit, and says why; location moves are ranked, diffed and self-checked", async () => {
    for (const k of ["negation", "symbol"] as const) {
      const offer = await proposePerturbations(db.prisma, w.trustworthyInline, k);
      expect(offer.candidates).toEqual([]);
      expect(offer.reason).toMatch(/No rule makes negation or symbol edits: they come from the model .* or from an expert/);
      expect(offer.model).toBeNull();
    }
    const symbol = await proposePerturbations(db.prisma, w.trustworthyInline, "symbol");
    expect(symbol.symbols).toMatchObject({ fromRepository: false, note: "symbols from the patch only: no repository mirror" });

    const location = await proposePerturbations(db.prisma, w.trustworthyInline, "location");
    expect(location.candidates.length).toBe(3);
    expect(location.candidates[0]).toMatchObject({ sameFile: false, origin: "rule", perturbed: { path: "frameworks/core/nanops.py" } });
    expect(location.candidates.every((c) => c.perturbed.body.startsWith("Nit: `test_nanmedian_all_nan`") && c.selfCheck.ok)).toBe(true);
    const offer = await db.prisma.perturbationOffer.findUniqueOrThrow({
      where: { instanceId_kind: { instanceId: w.trustworthyInline, kind: "location" } },
    });
    expect(offer).toMatchObject({ offered: 3, fromModel: 0, model: null });
  });

  test("an expert's own candidate is stored with origin expert, under the same self-check", async () => {
    const row = await db.prisma.instance.findUniqueOrThrow({ where: { id: w.trustworthyInline }, include: { targetEntry: true } });
    const { body, path, diffHunk } = row.targetEntry;
    const write = (text: string) =>
      createPerturbation(db.prisma, {
        parentId: w.trustworthyInline,
        kind: "negation",
        by: w.users.carol,
        candidate: { perturbed: { body: text, path, diffHunk }, origin: "expert", rule: "written by an expert", rationale: "mine" },
      });
    await expect(write(`Blocking: ${body.replace("returns early", "does not return early")} Really.`)).rejects.toMatchObject({
      code: "invalid_perturbation",
    });
    const created = await write(body.replace("returns early", "does not return early"));
    const audit = await db.prisma.auditEvent.findFirstOrThrow({ where: { action: "perturb.create", subjectId: created.id } });
    expect(audit.details).toMatchObject({ origin: "expert", rule: "written by an expert", rationale: "mine" });
  });

  test("an imported reply without a place of its own is moved from its thread root's hunk, never onto it", async () => {
    const root = await db.prisma.instance.findUniqueOrThrow({ where: { id: w.trustworthyInline }, include: { targetEntry: true } });
    const reply = await db.prisma.timelineEntry.create({
      data: {
        pullRequestId: root.pullRequestId,
        kind: "inline_reply",
        githubId: 1990000299n,
        authorLogin: "reviewer-two",
        authorType: "User",
        createdAt: new Date(root.targetEntry.createdAt.getTime() + 60_000),
        body: "The new check in `_nanmedian` returns early for an empty axis, so this test never reaches the dtype branch.",
        inReplyToId: root.targetEntry.githubId,
      },
    });
    const instance = await db.prisma.instance.create({
      data: { pullRequestId: root.pullRequestId, targetEntryId: reply.id, source: "human", stage: "labelled", finalLabel: "trustworthy" },
    });
    const location = await proposePerturbations(db.prisma, instance.id, "location");
    expect(location.reason).toBeUndefined();
    expect(location.candidates.length).toBeGreaterThan(0);
    const rootPlace = `${root.targetEntry.path}\u0000${root.targetEntry.diffHunk}`;
    expect(location.candidates.every((c) => `${c.perturbed.path}\u0000${c.perturbed.diffHunk}` !== rootPlace)).toBe(true);
    const created = await create(instance.id, "location");
    const row = await db.prisma.instance.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ perturbationKind: "location", perturbedPath: location.candidates[0].perturbed.path });
  });

  test("with a model the model leads: its proposals that pass the checks and the critic come first, the refused are withheld with why", async () => {
    const root = await db.prisma.instance.findUniqueOrThrow({ where: { id: w.trustworthyInline }, include: { targetEntry: true } });
    const body = root.targetEntry.body;
    const valid = body.replace("returns early", "does not return early");
    const refused = body.replace("returns early", "returns late");
    const twoEdits = valid.replace("Nit:", "Blocking:");
    expect(valid).not.toBe(body);
    const server = await startFakeOpenAiServer({
      respond: (request) => {
        const system = request.body?.messages?.[0]?.content ?? "";
        const user = request.body?.messages?.[1]?.content ?? "";
        if (system.includes("perturbation_critic_negation")) {
          const edited = /name="edited_comment">>>\n([\s\S]*?)\n<<<END/.exec(user)?.[1] ?? "";
          return edited === refused
            ? fakeReply.json({ wrong_about_code: false, coherent: true, reason: "The hunk never says when it returns." })
            : fakeReply.json({ wrong_about_code: true, coherent: true, reason: "The check does return early." });
        }
        return fakeReply.json({
          proposals: [
            { perturbed_comment: twoEdits, rationale: "Two edits." },
            { perturbed_comment: refused, rationale: "Timing flipped." },
            { perturbed_comment: valid, rationale: "Reverses the claim." },
          ],
        });
      },
    });
    try {
      const client = createLlmClient({ baseUrl: server.url, model: "perturb-model", retryBaseMs: 1 });
      const result = await proposePerturbations(db.prisma, w.trustworthyInline, "negation", { client });
      expect(result.candidates[0]).toMatchObject({
        perturbed: { body: valid },
        origin: "llm",
        critic: { wrongAboutCode: true, coherent: true },
      });
      expect(result.candidates.slice(1).every((c) => c.origin === "rule")).toBe(true);
      expect(result.withheld.filter((x) => x.origin === "llm")).toEqual([
        expect.objectContaining({ text: twoEdits, by: "check", reason: expect.stringMatching(/changes in \d places/) }),
        expect.objectContaining({
          text: refused,
          by: "critic",
          reason: expect.stringMatching(/^The critic \(perturb-model\): not wrong about the code\. The hunk never says/),
        }),
      ]);
      const offer = await db.prisma.perturbationOffer.findUniqueOrThrow({
        where: { instanceId_kind: { instanceId: w.trustworthyInline, kind: "negation" } },
      });
      expect(offer).toMatchObject({ fromModel: 1, model: "perturb-model" });
    } finally {
      await server.close();
    }
  });

  test("the team's targets default to the paper's, are saved by an admin with an audit event, and refuse bad input", async () => {
    expect(await loadPerturbationTargets(db.prisma)).toEqual(PAPER_TARGETS);
    await savePerturbationTargets(db.prisma, { negation: "40", symbol: 30, location: 50 }, w.users.admin);
    expect(await loadPerturbationTargets(db.prisma)).toEqual({ negation: 40, symbol: 30, location: 50 });
    const audit = await db.prisma.auditEvent.findFirstOrThrow({ where: { action: "perturb.settings.targets" } });
    expect(audit.details).toMatchObject({ previous: PAPER_TARGETS, value: { negation: 40 } });
    await expect(savePerturbationTargets(db.prisma, { negation: -1, symbol: 1, location: 1 }, w.users.admin)).rejects.toThrow(
      /cannot be negative/,
    );
    expect(await loadPerturbationTargets(db.prisma)).toEqual({ negation: 40, symbol: 30, location: 50 });
  });

  test("an unreachable model is said, and the rules' candidates still stand", async () => {
    const client = createLlmClient({ baseUrl: "http://127.0.0.1:9/v1", model: "perturb-model", maxRetries: 0 });
    const result = await proposePerturbations(db.prisma, w.trustworthyInline, "location", { client });
    expect(result.failures).toEqual([expect.stringMatching(/^The model could not propose: /)]);
    expect(result.candidates.length).toBeGreaterThan(0);
    expect(result.candidates.every((c) => c.origin === "rule")).toBe(true);
  });

  test("a chosen candidate becomes a pending perturbed copy of its parent, once", async () => {
    const created = await create(w.trustworthyInline, "negation");
    const row = await db.prisma.instance.findUniqueOrThrow({ where: { id: created.id } });
    const parent = await db.prisma.instance.findUniqueOrThrow({ where: { id: w.trustworthyInline } });
    expect(row).toMatchObject({
      source: "perturbation",
      perturbationKind: "negation",
      parentId: parent.id,
      pullRequestId: parent.pullRequestId,
      targetEntryId: parent.targetEntryId,
      verification: "pending",
      stage: "annotating",
      finalLabel: null,
      perturbedPath: null,
      perturbedDiffHunk: null,
    });
    expect(row.perturbedBody).toContain("does not return early");
    const audit = await db.prisma.auditEvent.findFirstOrThrow({ where: { action: "perturb.create", subjectId: created.id } });
    expect(audit).toMatchObject({ actorId: w.users.admin, details: { parentId: parent.id, kind: "negation", origin: "expert" } });

    await expect(create(w.trustworthyInline, "negation")).rejects.toMatchObject({ code: "duplicate", details: { instanceId: created.id } });
    // a candidate offered again is marked as already created (here the rules' location move)
    const move = await create(w.trustworthyInline, "location");
    const again = await proposePerturbations(db.prisma, w.trustworthyInline, "location");
    expect(again.candidates[0].existingInstanceId).toBe(move.id);
    expect(again.candidates.slice(1).every((c) => c.existingInstanceId === null)).toBe(true);
    // perturbations are never parents themselves, and never human instances
    await expect(proposePerturbations(db.prisma, created.id, "negation")).rejects.toMatchObject({ code: "not_eligible" });
    expect(await db.prisma.instance.count({ where: { source: "human", parentId: { not: null } } })).toBe(0);
  });

  test("edits that are not one perturbation of the kind, or moves to an invented hunk, are refused", async () => {
    const body = (await db.prisma.timelineEntry.findFirstOrThrow({ where: { githubId: 1990000204n } })).body;
    const path = "frameworks/core/nanops.py";
    const parent = await db.prisma.instance.findUniqueOrThrow({ where: { id: w.trustworthyOtherInline }, include: { targetEntry: true } });
    const anchor = { path, diffHunk: parent.targetEntry.diffHunk };
    await expect(
      createPerturbation(db.prisma, {
        parentId: w.trustworthyOtherInline,
        kind: "negation",
        by: w.users.admin,
        candidate: { perturbed: { ...anchor, body: "This is fine as it is." } },
      }),
    ).rejects.toMatchObject({ code: "invalid_perturbation" });
    await expect(
      createPerturbation(db.prisma, {
        parentId: w.trustworthyOtherInline,
        kind: "location",
        by: w.users.admin,
        candidate: { perturbed: { body, path: "frameworks/core/series.py", diffHunk: "@@ -1,3 +1,4 @@\n+import numpy" } },
      }),
    ).rejects.toMatchObject({ code: "invalid_perturbation", message: expect.stringContaining("another review comment") });
  });

  test("it becomes a negative only when the required verifiers all accept; each verifies once", async () => {
    const created = await create(w.trustworthyInline, "symbol");
    expect(await loadRequiredVerifiers(db.prisma)).toBe(3);
    const first = await verifyPerturbation(db.prisma, {
      instanceId: created.id,
      verifierId: w.users.bob,
      decision: "accept",
      note: "test_nanmedian_empty exists and is not the test in this hunk",
    });
    expect(first).toMatchObject({ verification: "pending", accepted: 1, required: 3 });
    await expect(
      verifyPerturbation(db.prisma, { instanceId: created.id, verifierId: w.users.bob, decision: "accept" }),
    ).rejects.toMatchObject({ code: "already_verified" });
    await verifyPerturbation(db.prisma, { instanceId: created.id, verifierId: w.users.carol, decision: "accept" });
    const list = await listPerturbations(db.prisma, { viewerId: w.users.alice, kind: "symbol" });
    // blind: alice sees neither the tally nor who voted before she votes
    expect(list[0]).toMatchObject({
      accepted: null,
      verifiers: [],
      votesHidden: true,
      required: 3,
      viewerDecision: null,
      createdBy: "admin",
    });
    const last = await verifyPerturbation(db.prisma, { instanceId: created.id, verifierId: w.users.alice, decision: "accept" });
    expect(last).toMatchObject({ verification: "accepted", accepted: 3 });
    const row = await db.prisma.instance.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ verification: "accepted", finalLabel: "untrustworthy", stage: "labelled" });
    await expect(
      verifyPerturbation(db.prisma, { instanceId: created.id, verifierId: w.users.bob, decision: "reject", note: "late" }),
    ).rejects.toMatchObject({ code: "already_decided" });
    const review = await loadPerturbationReview(db.prisma, created.id, w.users.alice);
    expect(review?.verifications.map((v) => v.login)).toEqual(["bob", "carol", "alice"]);
    expect(review?.viewerDecision).toBe("accepted");
    expect(review?.history.map((h) => h.action)).toEqual(["perturb.create", "perturb.verify", "perturb.verify", "perturb.verify"]);
  });

  test("one rejection ends it: kept as lineage, never a negative", async () => {
    const created = await create(w.trustworthyInline, "location");
    await verifyPerturbation(db.prisma, { instanceId: created.id, verifierId: w.users.bob, decision: "accept" });
    await expect(verifyPerturbation(db.prisma, { instanceId: created.id, verifierId: w.users.carol, decision: "reject" })).rejects.toThrow(
      /Say why/,
    );
    const out = await verifyPerturbation(db.prisma, {
      instanceId: created.id,
      verifierId: w.users.carol,
      decision: "reject",
      note: "The nanops hunk also lacks that test, so the comment still holds.",
    });
    expect(out.verification).toBe("rejected");
    const row = await db.prisma.instance.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ verification: "rejected", finalLabel: null, stage: "unsuitable", parentId: w.trustworthyInline });
    expect(row.perturbedPath).toBe("frameworks/core/nanops.py");
  });

  test("an edit replaces the text and discards earlier verifications; location text cannot be edited", async () => {
    // third candidate: "never → always" (first "should → should not", then the claim verb "raises → swallows")
    const created = await create(w.trustworthyOtherInline, "negation", 2);
    await verifyPerturbation(db.prisma, { instanceId: created.id, verifierId: w.users.alice, decision: "accept" });
    const current = (await db.prisma.instance.findUniqueOrThrow({ where: { id: created.id } })).perturbedBody!;
    expect(current).toContain("we always reach this line");
    const tooMuch = current.replace("The empty check should", "The empty check should not").replace("raises", "does not raise");
    await expect(
      verifyPerturbation(db.prisma, {
        instanceId: created.id,
        verifierId: w.users.carol,
        decision: "accept",
        note: "x",
        editedBody: tooMuch,
      }),
    ).rejects.toMatchObject({ code: "invalid_edit" });
    const edited = current.replace("we always reach", "we still reach");
    const out = await verifyPerturbation(db.prisma, {
      instanceId: created.id,
      verifierId: w.users.carol,
      decision: "accept",
      note: "reads more naturally",
      editedBody: edited,
    });
    expect(out).toMatchObject({ edited: true, discarded: 1, accepted: 1, verification: "pending" });
    const verifications = await db.prisma.perturbationVerification.findMany({ where: { instanceId: created.id } });
    expect(verifications.map((v) => v.verifierId)).toEqual([w.users.carol]);
    expect((await db.prisma.instance.findUniqueOrThrow({ where: { id: created.id } })).perturbedBody).toBe(edited);
    // alice verified other words: she may verify the new text
    await verifyPerturbation(db.prisma, { instanceId: created.id, verifierId: w.users.alice, decision: "accept" });
    const edit = await db.prisma.auditEvent.findFirstOrThrow({ where: { action: "perturb.edit", subjectId: created.id } });
    expect(edit.details).toMatchObject({
      previousBody: current,
      body: edited,
      discarded: [{ verifierId: w.users.alice, decision: "accepted" }],
    });

    const location = await create(w.trustworthyOtherInline, "location");
    await expect(
      verifyPerturbation(db.prisma, {
        instanceId: location.id,
        verifierId: w.users.carol,
        decision: "accept",
        note: "x",
        editedBody: "Something else.",
      }),
    ).rejects.toMatchObject({ code: "invalid_edit" });
  });

  test("lowering the verifier count settles pending perturbations that already have enough acceptances", async () => {
    await expect(saveRequiredVerifiers(db.prisma, 0, w.users.admin)).rejects.toThrow(/At least one verifier/);
    const pendingWithTwo = await create(w.trustworthyOtherInline, "negation", 1);
    await accept(pendingWithTwo.id, [w.users.carol, w.users.alice]);
    const pendingWithOne = await create(w.trustworthyInline, "negation");
    await accept(pendingWithOne.id, [w.users.carol]);
    expect(await loadRequiredVerifiers(db.prisma)).toBe(3);
    const saved = await saveRequiredVerifiers(db.prisma, 2, w.users.admin);
    expect(saved).toEqual({ value: 2, settled: 1 });
    expect(await db.prisma.instance.findUniqueOrThrow({ where: { id: pendingWithTwo.id } })).toMatchObject({
      verification: "accepted",
      finalLabel: "untrustworthy",
    });
    expect(await db.prisma.instance.findUniqueOrThrow({ where: { id: pendingWithOne.id } })).toMatchObject({ verification: "pending" });
    await saveRequiredVerifiers(db.prisma, 3, w.users.admin);
    expect(await loadRequiredVerifiers(db.prisma)).toBe(3);
  });

  test("counts per kind and status", async () => {
    const all = [w.users.bob, w.users.carol, w.users.alice];
    await create(w.trustworthyInline, "negation");
    await accept((await create(w.trustworthyOtherInline, "negation", 1)).id, all);
    await accept((await create(w.trustworthyInline, "symbol")).id, all);
    await create(w.trustworthyOtherInline, "location");
    const rejected = await create(w.trustworthyInline, "location");
    await verifyPerturbation(db.prisma, { instanceId: rejected.id, verifierId: w.users.carol, decision: "reject", note: "still holds" });
    const counts = await perturbationCounts(db.prisma);
    expect(counts.byKind.negation).toEqual({ pending: 1, accepted: 1, rejected: 0, total: 2 });
    expect(counts.byKind.symbol).toEqual({ pending: 0, accepted: 1, rejected: 0, total: 1 });
    expect(counts.byKind.location).toEqual({ pending: 1, accepted: 0, rejected: 1, total: 2 });
    expect(counts.total).toEqual({ pending: 2, accepted: 2, rejected: 1, total: 5 });
  });

  test("simultaneous acceptances settle exactly once", async () => {
    const created = await create(w.trustworthyOtherInline, "negation");
    const outcomes = await Promise.all(
      [w.users.bob, w.users.carol, w.users.alice].map((verifierId) =>
        verifyPerturbation(db.prisma, { instanceId: created.id, verifierId, decision: "accept" }),
      ),
    );
    expect(outcomes.map((o) => o.accepted).sort()).toEqual([1, 2, 3]);
    expect(outcomes.filter((o) => o.verification === "accepted")).toHaveLength(1);
    expect(await db.prisma.auditEvent.count({ where: { action: "perturb.verify", subjectId: created.id } })).toBe(3);
  });

  test("the demo seed creates one pending perturbation per kind from the top candidate, or nothing without parents", async () => {
    const fresh = await openTestDatabase(kind);
    try {
      expect(await seedDemoPerturbations(fresh.prisma, { mirrorsDir: null })).toEqual({ created: 0 });
      await buildPerturbationWorld(fresh.prisma);
      expect(await seedDemoPerturbations(fresh.prisma, { mirrorsDir: null })).toEqual({ created: 3 });
      const rows = await fresh.prisma.instance.findMany({ where: { source: "perturbation" }, orderBy: { perturbationKind: "asc" } });
      expect(rows.map((r) => [r.perturbationKind, r.verification])).toEqual([
        ["negation", "pending"],
        ["symbol", "pending"],
        ["location", "pending"],
      ]);
    } finally {
      await fresh.close();
    }
  });
});
