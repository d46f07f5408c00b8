// A small, realistic world for the perturbation workflow tests: the demo's nanmedian PR with its
// real timeline, four experts, and instances in the states the workflow cares about. Labels are
// written directly because annotation is another stage's job.
import type { PrismaClient } from "@/lib/db/generated/client";
import { DEMO_REPOSITORIES } from "@/lib/demo/demo-world";
import { createInstances } from "@/lib/screen/create-instances";

export type PerturbationWorld = {
  users: Record<"admin" | "alice" | "bob" | "carol", string>;
  /** Inline comment on the new test, labelled trustworthy by two annotators. */
  trustworthyInline: string;
  /** Inline comment on nanops.py (same hunk as another comment), labelled trustworthy. */
  trustworthyOtherInline: string;
  /** Labelled untrustworthy: never a parent. */
  untrustworthy: string;
  /** Not labelled yet. */
  unlabelled: string;
};

const PR = DEMO_REPOSITORIES[0].pullRequests[0];

export async function buildPerturbationWorld(prisma: PrismaClient): Promise<PerturbationWorld> {
  const users = {} as PerturbationWorld["users"];
  for (const [login, roles] of [
    ["admin", ["admin", "adjudicator"]],
    ["alice", ["annotator"]],
    ["bob", ["annotator"]],
    ["carol", ["adjudicator", "annotator"]],
  ] as const) {
    const u = await prisma.user.create({ data: { login, name: login, passwordHash: "x", roles: [...roles] } });
    users[login] = u.id;
  }
  const repo = await prisma.repository.create({
    data: {
      owner: "tabular-labs",
      name: "frameworks",
      fullName: "tabular-labs/frameworks",
      language: "Python",
      selectionStatus: "selected",
    },
  });
  const pr = await prisma.pullRequest.create({
    data: {
      repositoryId: repo.id,
      number: PR.number,
      title: PR.title,
      body: PR.body,
      authorLogin: PR.author,
      createdAt: new Date(PR.createdAt),
      updatedAt: new Date(PR.createdAt),
      baseSha: PR.baseSha,
      headSha: PR.headSha,
      patch: PR.patch,
      timeline: {
        create: PR.timeline.map((t) => ({
          kind: t.kind,
          githubId: t.id === undefined ? null : BigInt(t.id),
          sha: t.sha ?? null,
          authorLogin: t.user,
          authorType: t.userType ?? "User",
          createdAt: new Date(t.at),
          body: t.body,
          path: t.path ?? null,
          diffHunk: t.hunk ?? null,
          inReplyToId: t.replyTo === undefined ? null : BigInt(t.replyTo),
          reviewState: t.state ?? null,
        })),
      },
    },
  });
  await createInstances(prisma, [pr.id]);
  const instances = await prisma.instance.findMany({ where: { pullRequestId: pr.id }, include: { targetEntry: true } });
  const byGithubId = (id: number) => instances.find((i) => i.targetEntry.githubId === BigInt(id))!.id;
  const label = async (instanceId: string, value: "trustworthy" | "untrustworthy") => {
    await prisma.label.createMany({
      data: [users.alice, users.bob].map((annotatorId) => ({ instanceId, annotatorId, value, rationale: "checked against the patch" })),
    });
    await prisma.instance.update({ where: { id: instanceId }, data: { stage: "labelled", finalLabel: value } });
  };
  const world: PerturbationWorld = {
    users,
    trustworthyInline: byGithubId(1990000203),
    trustworthyOtherInline: byGithubId(1990000204),
    untrustworthy: byGithubId(1990000201),
    unlabelled: byGithubId(2710000102),
  };
  await label(world.trustworthyInline, "trustworthy");
  await label(world.trustworthyOtherInline, "trustworthy");
  await label(world.untrustworthy, "untrustworthy");
  return world;
}
