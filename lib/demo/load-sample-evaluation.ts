import { createHash } from "node:crypto";
import { mustGet } from "@/lib/must";
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { Db } from "@/lib/evaluate/load-gold";
import {
  SAMPLE_EVALUATION_TAG,
  SAMPLE_EXPORT_TITLE,
  SAMPLE_PULL_REQUESTS,
  SAMPLE_REPOSITORIES,
  sampleEvalId,
  sampleGoldItems,
} from "./sample-evaluation";
import { countReleasedPatch } from "@/lib/patch/released-patch";
import { recordAudit } from "@/lib/audit/record-audit";

// The sample's split run carries the sample's own fixed date, so it never poses as the team's
// latest split on the overview.
const SAMPLE_DATE = new Date("2025-07-01T00:00:00Z");
const SampleTaggedSchema = z.looseObject({ sample: z.literal(SAMPLE_EVALUATION_TAG) });
const isSampleTagged = (json: unknown) => SampleTaggedSchema.safeParse(json).success;

/** The id of the loaded sample export, or null. */
export async function findSampleExport(prisma: Db): Promise<string | null> {
  const exports = await prisma.export.findMany({ select: { id: true, manifest: true }, orderBy: { createdAt: "asc" } });
  return exports.find((row) => isSampleTagged(row.manifest))?.id ?? null;
}

/**
 * Writes the bundled sample (repositories, PRs, comments, labelled instances and verified
 * perturbations, a split run and an export with opaque eval_ids). Loading twice is a no-op.
 */
export async function loadSampleEvaluation(prisma: PrismaClient, actorId?: string): Promise<{ exportId: string; created: boolean }> {
  const existing = await findSampleExport(prisma);
  if (existing) return { exportId: existing, created: false };
  // Leftovers of an interrupted load would collide on unique repository names.
  await removeSampleEvaluation(prisma);
  const exportId = await prisma.$transaction(async (tx) => writeSample(tx));
  await recordAudit(prisma, { actorId: actorId ?? null, action: "evaluate.sample_loaded", subjectId: exportId });
  return { exportId, created: true };
}

async function writeSample(tx: Db): Promise<string> {
  const repoIds = new Map<string, string>();
  for (const repo of SAMPLE_REPOSITORIES) {
    const [owner, name] = repo.fullName.split("/");
    const row = await tx.repository.create({
      data: {
        owner,
        name,
        fullName: repo.fullName,
        language: repo.language,
        selectionReason: "Sample evaluation data bundled with the workbench (loaded from /evaluate); not harvested from GitHub",
      },
    });
    repoIds.set(repo.fullName, row.id);
  }
  const instanceIds = new Map<string, string>();
  let githubId = 9_100_000_000n;
  for (const pr of SAMPLE_PULL_REQUESTS) {
    const created = new Date(pr.createdAt);
    const row = await tx.pullRequest.create({
      data: {
        repositoryId: mustGet(repoIds, pr.repo, "sample repository"),
        number: pr.number,
        title: pr.title,
        body: pr.body,
        authorLogin: pr.author,
        authorType: "User",
        createdAt: created,
        updatedAt: created,
        baseSha: fakeSha(`${pr.repo}#${pr.number}:base`),
        headSha: fakeSha(`${pr.repo}#${pr.number}:head`),
        patch: pr.patch,
        filesEdited: countReleasedPatch(pr.patch).files,
        linesEdited: pr.patch.split("\n").filter((line) => /^[+-]/.test(line)).length,
        problemDomain: "Bug Fixes",
        screeningStatus: "kept",
      },
    });
    for (const [index, comment] of pr.comments.entries()) {
      const entry = await tx.timelineEntry.create({
        data: {
          pullRequestId: row.id,
          kind: "inline",
          githubId: githubId++,
          authorLogin: comment.author,
          authorType: "User",
          createdAt: new Date(created.getTime() + (index + 1) * 3_600_000),
          body: comment.body,
          path: comment.path,
          diffHunk: comment.hunk,
        },
      });
      const instance = await tx.instance.create({
        data: { pullRequestId: row.id, targetEntryId: entry.id, stage: "labelled", source: "human", finalLabel: comment.label },
      });
      instanceIds.set(comment.key, instance.id);
    }
    for (const perturbation of pr.perturbations) {
      const parent = await tx.instance.findUniqueOrThrow({ where: { id: mustGet(instanceIds, perturbation.of, "sample instance") } });
      const instance = await tx.instance.create({
        data: {
          pullRequestId: row.id,
          targetEntryId: parent.targetEntryId,
          parentId: parent.id,
          stage: "labelled",
          source: "perturbation",
          perturbationKind: perturbation.kind,
          verification: "accepted",
          finalLabel: "untrustworthy",
          perturbedBody: perturbation.body ?? null,
          perturbedPath: perturbation.path ?? null,
          perturbedDiffHunk: perturbation.hunk ?? null,
        },
      });
      instanceIds.set(perturbation.key, instance.id);
    }
  }
  const gold = sampleGoldItems();
  const splitRun = await tx.splitRun.create({
    data: { seed: 42, params: { sample: SAMPLE_EVALUATION_TAG, groupedBy: "pull request" }, createdAt: SAMPLE_DATE },
  });
  await tx.splitAssignment.createMany({
    data: gold.map((item) => ({
      splitRunId: splitRun.id,
      instanceId: mustGet(instanceIds, item.key, "sample instance"),
      split: item.split,
    })),
  });
  const counts = { train: 0, validation: 0, test: 0 };
  for (const item of gold) counts[item.split]++;
  const exported = await tx.export.create({
    data: {
      splitRunId: splitRun.id,
      manifest: {
        sample: SAMPLE_EVALUATION_TAG,
        title: SAMPLE_EXPORT_TITLE,
        description: "Bundled example for trying the evaluate page; remove it from /evaluate when done.",
        splits: counts,
      },
      contentHash: createHash("sha256").update(JSON.stringify(SAMPLE_PULL_REQUESTS)).digest("hex"),
    },
  });
  await tx.exportItem.createMany({
    data: gold.map((item) => ({
      exportId: exported.id,
      instanceId: mustGet(instanceIds, item.key, "sample instance"),
      evalId: sampleEvalId(item.key),
      split: item.split,
    })),
  });
  return exported.id;
}

/** Removes everything the sample wrote, its recorded runs included. */
export async function removeSampleEvaluation(prisma: PrismaClient, actorId?: string): Promise<{ removed: boolean }> {
  const runs = await prisma.splitRun.findMany({ select: { id: true, params: true } });
  const sampleRuns = runs.filter((run) => isSampleTagged(run.params)).map((run) => run.id);
  const exportId = await findSampleExport(prisma);
  const fullNames = SAMPLE_REPOSITORIES.map((repo) => repo.fullName);
  const repos = await prisma.repository.count({ where: { fullName: { in: fullNames } } });
  if (sampleRuns.length === 0 && exportId === null && repos === 0) return { removed: false };
  // Split runs cascade to their exports, export items and eval runs; repositories to PRs and instances.
  await prisma.$transaction([
    prisma.export.deleteMany({ where: { OR: [{ splitRunId: { in: sampleRuns } }, { id: exportId ?? "" }] } }),
    prisma.splitRun.deleteMany({ where: { id: { in: sampleRuns } } }),
    prisma.repository.deleteMany({ where: { fullName: { in: fullNames } } }),
  ]);
  await recordAudit(prisma, { actorId: actorId ?? null, action: "evaluate.sample_removed", subjectId: exportId ?? "sample" });
  return { removed: true };
}

function fakeSha(seed: string): string {
  return createHash("sha1").update(`${SAMPLE_EVALUATION_TAG}:${seed}`).digest("hex");
}
