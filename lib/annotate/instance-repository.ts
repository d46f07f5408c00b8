// The repository browser of one instance: its PR's base commit (and the patched version: base plus the
// instance's snapshot patch, the code its comment was written on) in the local mirror, behind the same
// access check as the instance page.
import type { PrismaClient } from "@/lib/db/generated/client";
import type { SessionUser } from "@/lib/auth/roles";
import { judgedPatchOf } from "@/lib/snapshot/judged-patch";
import { parsePatch } from "./parse-patch";
import { requireInstanceAccess } from "./viewer-access";
import type { Mirror } from "@/lib/repo/git-command";
import { openMirror } from "@/lib/repo/mirror-path";
import { listVersionTree, readVersionFile, searchVersion, type PullRequestRevision, type RepoVersion } from "@/lib/repo/patched-view";

export interface InstanceRepository {
  mirror: Mirror;
  revision: PullRequestRevision;
}

async function openInstanceRepository(
  prisma: PrismaClient,
  mirrorsDir: string,
  instanceId: string,
  viewer: SessionUser,
): Promise<InstanceRepository> {
  await requireInstanceAccess(prisma, instanceId, viewer);
  const snapshotFields = { select: { status: true, reason: true, commitSha: true, patch: true } } as const;
  const instance = await prisma.instance.findUniqueOrThrow({
    where: { id: instanceId },
    select: {
      snapshot: snapshotFields,
      parent: { select: { snapshot: snapshotFields } },
      pullRequest: { select: { baseSha: true, headSha: true, patch: true, repository: { select: { fullName: true } } } },
    },
  });
  const pr = instance.pullRequest;
  const judged = judgedPatchOf(instance.snapshot ?? instance.parent?.snapshot ?? null, pr.patch, pr.headSha);
  const mirror = openMirror(mirrorsDir, pr.repository.fullName);
  return { mirror, revision: { baseSha: pr.baseSha, headSha: judged.commit ?? pr.headSha, files: parsePatch(judged.patch) } };
}

export async function browseTree(prisma: PrismaClient, mirrorsDir: string, instanceId: string, viewer: SessionUser, version: RepoVersion) {
  const { mirror, revision } = await openInstanceRepository(prisma, mirrorsDir, instanceId, viewer);
  return { commit: revision.baseSha, version, ...(await listVersionTree(mirror, revision, version)) };
}

export async function browseFile(
  prisma: PrismaClient,
  mirrorsDir: string,
  instanceId: string,
  viewer: SessionUser,
  path: string,
  version: RepoVersion,
) {
  const { mirror, revision } = await openInstanceRepository(prisma, mirrorsDir, instanceId, viewer);
  return readVersionFile(mirror, revision, path, version);
}

export async function browseSearch(
  prisma: PrismaClient,
  mirrorsDir: string,
  instanceId: string,
  viewer: SessionUser,
  query: string,
  version: RepoVersion,
  ignoreCase: boolean,
) {
  const { mirror, revision } = await openInstanceRepository(prisma, mirrorsDir, instanceId, viewer);
  return { query, version, ...(await searchVersion(mirror, revision, query, version, { ignoreCase })) };
}
