import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import type { SessionUser } from "@/lib/auth/roles";
import { adjudicateInstance } from "./adjudicate-instance";
import { loadAdjudicationQueue } from "./adjudication-queue";
import { loadQueue, neighboursIn } from "./annotation-queue";
import { DiscussionRequestSchema } from "./discussion-schemas";
import { actOnDiscussion, discussionActionsFor, loadDiscussion } from "./discussion-thread";
import { submitLabel } from "./submit-label";
import { demoUsers, freshInstanceFor } from "./testing/annotation-fixture";

test("the page offers each viewer only the actions they may take", () => {
  const user = (login: string, roles: SessionUser["roles"]): SessionUser => ({ id: login, login, name: login, roles });
  const base = { stage: "annotating", hasOwnLabel: false, adjudicated: false };
  expect(discussionActionsFor({ ...base, viewer: user("alice", ["annotator"]), perspective: "annotator" })).toEqual(["skip", "flag"]);
  expect(discussionActionsFor({ ...base, hasOwnLabel: true, viewer: user("alice", ["annotator"]), perspective: "annotator" })).toEqual([
    "flag",
  ]);
  expect(discussionActionsFor({ ...base, stage: "closed", viewer: user("alice", ["annotator"]), perspective: "annotator" })).toEqual([]);
  expect(discussionActionsFor({ ...base, stage: "adjudicating", viewer: user("carol", ["adjudicator"]), perspective: "lead" })).toEqual([
    "reply",
    "send_back",
  ]);
  expect(
    discussionActionsFor({
      ...base,
      stage: "labelled",
      adjudicated: true,
      viewer: user("ada", ["admin", "adjudicator"]),
      perspective: "lead",
    }),
  ).toEqual(["reply", "reopen"]);
});

describe.each(TEST_DATABASE_KINDS)("skip, flag, send back and reopen on %s", (kind) => {
  let db: Database;
  let users: Record<string, SessionUser>;
  const taken: string[] = [];
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
    users = await demoUsers(db.prisma);
  });
  afterAll(async () => db?.close());

  const fresh = async (annotators: SessionUser[]) => {
    const id = await freshInstanceFor(db.prisma, annotators, taken);
    taken.push(id);
    return id;
  };
  const act = (id: string, user: SessionUser, request: unknown) =>
    actOnDiscussion(db.prisma, id, user, DiscussionRequestSchema.parse(request));
  const audit = (id: string, action: string) => db.prisma.auditEvent.findFirstOrThrow({ where: { subjectId: id, action } });
  const disagreement = async () => {
    const id = await fresh([users.alice, users.bob]);
    await submitLabel(db.prisma, { instanceId: id, annotatorId: users.alice.id, value: "trustworthy", rationale: "holds at base" });
    await submitLabel(db.prisma, { instanceId: id, annotatorId: users.bob.id, value: "untrustworthy", rationale: "fallback covers it" });
    return id;
  };

  test("an annotator skips with a reason: the queue says so, next-to-label passes it, a lead sees it, labelling takes it back", async () => {
    const id = await fresh([users.alice, users.bob]);
    expect(() => DiscussionRequestSchema.parse({ action: "skip", note: "no" })).toThrow(/at least 5 characters/);
    await act(id, users.alice, { action: "skip", note: "Needs Rust knowledge I do not have." });
    const queue = await loadQueue(db.prisma, users.alice, "mine");
    expect(queue.find((q) => q.id === id)?.skipped).toBe(true);
    expect(neighboursIn(queue, "elsewhere").nextToDoId).not.toBe(id);
    expect((await audit(id, "assignment.skip")).details).toMatchObject({ reason: "Needs Rust knowledge I do not have." });
    const lead = await loadAdjudicationQueue(db.prisma, users.admin);
    expect(lead.attention.find((a) => a.id === id)).toMatchObject({ skippedBy: ["alice"], flaggedBy: [] });
    // bob never reads alice's skip; the lead does
    expect(await loadDiscussion(db.prisma, id, users.bob)).toEqual([]);
    expect((await loadDiscussion(db.prisma, id, users.admin)).map((n) => [n.kind, n.author])).toEqual([["skip", "alice"]]);
    await expect(act(id, users.carol, { action: "skip", note: "Not mine to skip." })).rejects.toMatchObject({ code: "not_assigned" });

    await submitLabel(db.prisma, {
      instanceId: id,
      annotatorId: users.alice.id,
      value: "trustworthy",
      rationale: "Found the docs after all.",
    });
    expect((await loadQueue(db.prisma, users.alice, "mine")).find((q) => q.id === id)?.skipped).toBe(false);
  });

  test("a flag for discussion reaches the adjudicators; a resolving reply clears it and the annotator reads it", async () => {
    const id = await fresh([users.alice, users.bob]);
    await act(id, users.alice, { action: "flag", note: "Is a renamed test in scope of the rubric?" });
    expect((await loadAdjudicationQueue(db.prisma, users.admin)).attention.find((a) => a.id === id)?.flaggedBy).toEqual(["alice"]);
    await expect(act(id, users.alice, { action: "reply", note: "Answering myself." })).rejects.toMatchObject({ code: "forbidden" });
    const out = await act(id, users.admin, { action: "reply", note: "Yes: judge the claim against the patch.", resolve: true });
    expect(out).toMatchObject({ action: "reply", resolved: 1 });
    expect((await loadAdjudicationQueue(db.prisma, users.admin)).attention.map((a) => a.id)).not.toContain(id);
    expect((await loadDiscussion(db.prisma, id, users.alice)).map((n) => [n.kind, n.author])).toEqual([
      ["flag", "alice"],
      ["reply", "admin"],
    ]);
    expect((await loadDiscussion(db.prisma, id, users.bob)).map((n) => n.kind)).toEqual(["reply"]);
    expect((await audit(id, "discussion.reply")).details).toMatchObject({ resolved: 1 });
  });

  test("an adjudicator sends a disagreement back with a note: labels go to the history and both annotators label again", async () => {
    const id = await disagreement();
    await expect(act(id, users.alice, { action: "send_back", note: "Please look again." })).rejects.toMatchObject({ code: "forbidden" });
    await act(id, users.carol, { action: "send_back", note: "Both of you: check the fallback in utils.py first." });
    const after = await db.prisma.instance.findUniqueOrThrow({ where: { id }, include: { labels: true, assignments: true } });
    expect(after.stage).toBe("annotating");
    expect(after.labels).toEqual([]);
    expect(after.assignments.every((a) => a.completedAt === null)).toBe(true);
    expect((await audit(id, "instance.send_back")).details).toMatchObject({
      previousLabels: expect.arrayContaining([
        expect.objectContaining({ annotator: "alice", value: "trustworthy" }),
        expect.objectContaining({ annotator: "bob", value: "untrustworthy" }),
      ]),
    });
    expect((await loadDiscussion(db.prisma, id, users.bob)).map((n) => [n.kind, n.body])).toEqual([
      ["send_back", "Both of you: check the fallback in utils.py first."],
    ]);
    // the first new label does not decide alone: it waits for the second
    const first = await submitLabel(db.prisma, {
      instanceId: id,
      annotatorId: users.alice.id,
      value: "untrustworthy",
      rationale: "I missed it",
    });
    expect(first.stage).toBe("annotating");
    await expect(act(id, users.carol, { action: "send_back", note: "Again please." })).rejects.toMatchObject({ code: "not_adjudicating" });
  });

  test("an admin reopens an adjudication with a reason; refused when perturbations depend on it", async () => {
    const id = await disagreement();
    await adjudicateInstance(db.prisma, { instanceId: id, adjudicator: users.carol, value: "untrustworthy", rationale: "fallback" });
    await expect(act(id, users.carol, { action: "reopen", note: "I want another go." })).rejects.toMatchObject({ code: "forbidden" });
    await act(id, users.admin, { action: "reopen", note: "The fallback was removed in a later commit of the PR." });
    const after = await db.prisma.instance.findUniqueOrThrow({ where: { id }, include: { adjudication: true } });
    expect([after.stage, after.finalLabel, after.adjudication]).toEqual(["adjudicating", null, null]);
    expect((await audit(id, "instance.reopen")).details).toMatchObject({ previous: { adjudicator: "carol", value: "untrustworthy" } });
    expect((await loadAdjudicationQueue(db.prisma, users.admin)).open.map((o) => o.id)).toContain(id);
    await adjudicateInstance(db.prisma, { instanceId: id, adjudicator: users.admin, value: "trustworthy", rationale: "removed later" });

    const parent = await db.prisma.instance.findFirstOrThrow({ where: { perturbations: { some: {} } }, include: { adjudication: true } });
    if (!parent.adjudication)
      await db.prisma.adjudication.create({
        data: { instanceId: parent.id, adjudicatorId: users.admin.id, value: "trustworthy", rationale: "x" },
      });
    await expect(act(parent.id, users.admin, { action: "reopen", note: "Second thoughts." })).rejects.toThrow(
      /perturbations? (was|were) made/,
    );
    // an instance no one adjudicated (a fresh one: which of `taken` came first depends on the test order)
    const unadjudicated = await fresh([users.alice, users.bob]);
    await expect(act(unadjudicated, users.admin, { action: "reopen", note: "Nothing to reopen." })).rejects.toMatchObject({
      code: "not_adjudicating",
    });
  });
});
