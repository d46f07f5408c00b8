// Stores the large-patch fixture as a harvested PR with one inline comment per fixture comment,
// creates its instances and assigns them to the given annotators (screening skipped: they are
// marked screened directly).
import { createHash } from "node:crypto";
import type { PrismaClient } from "@/lib/db/generated/client";
import { createInstances } from "@/lib/screen/create-instances";
import { loadScreenGate } from "@/lib/screen/screen-gate";
import { assignInstances } from "../assign-instances";
import type { LargePatchFixture } from "./large-patch-fixture";

const fakeSha = (s: string) => createHash("sha1").update(s).digest("hex");

export async function seedLargePullRequest(prisma: PrismaClient, fixture: LargePatchFixture, annotatorIds: string[]): Promise<string[]> {
  // one repository per scale, so a database can hold the 1x and the 4x pull request side by side
  const name = fixture.scale === 1 ? "monorepo" : `monorepo-x${fixture.scale}`;
  const repo = await prisma.repository.create({
    data: {
      owner: "bench-labs",
      name,
      fullName: `bench-labs/${name}`,
      language: "Python",
      stars: 1,
      prCount: 1,
      selectionStatus: "selected",
    },
  });
  const created = new Date("2025-06-01T10:00:00Z");
  const pr = await prisma.pullRequest.create({
    data: {
      repositoryId: repo.id,
      number: 2070 * fixture.scale,
      title: "Refactor every shard to propagate missing values",
      authorLogin: "bench-author",
      authorType: "User",
      body: `Moves the NaN handling of all ${fixture.files} shard modules into one place. `.repeat(12),
      createdAt: created,
      updatedAt: created,
      baseSha: fakeSha("bench-base"),
      headSha: fakeSha("bench-head"),
      patch: fixture.patch,
      filesEdited: fixture.files,
      linesEdited: fixture.editedLines,
      commitsCount: 1,
      screeningStatus: "kept",
      timeline: {
        create: fixture.comments.map((c, i) => ({
          kind: "inline" as const,
          githubId: BigInt(9_000_000 + i),
          authorLogin: `reviewer-${i % 5}`,
          authorType: "User",
          createdAt: new Date(created.getTime() + (i + 1) * 60_000),
          body: c.body,
          path: c.path,
          diffHunk: c.diffHunk,
        })),
      },
    },
  });
  await createInstances(prisma, [pr.id]);
  await prisma.instance.updateMany({ where: { pullRequestId: pr.id }, data: { stage: "screened" } });
  const instances = await prisma.instance.findMany({
    where: { pullRequestId: pr.id },
    orderBy: { targetEntry: { createdAt: "asc" } },
    select: { id: true },
  });
  // this pull request's instances, included by the lead: no content screen (the demo's PR audit, say) has seen it
  await assignInstances(prisma, {
    overlap: annotatorIds.length,
    annotatorIds,
    instanceIds: instances.map((i) => i.id),
    includeCandidates: true,
    gate: await loadScreenGate(prisma, { llmConfigured: false }),
  });
  return instances.map((i) => i.id);
}
