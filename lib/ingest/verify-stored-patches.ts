// `npm run ingest -- --verify-patches` (#44): every stored PR's git patch is applied to its merge base in
// the repository's mirror and must give the head's tree; its released patch (what an export's
// patch_to_review and a judge's review.patch hold) must apply there too, as `git apply` reads it. Each
// PR that fails is named with git's words or the paths that differ.
import type { PrismaClient } from "@/lib/db/generated/client";
import { messageOf } from "@/lib/unknown-value";
import { toGitApplyPatch } from "@/lib/patch/released-patch";
import { applyToMergeBase } from "@/lib/repo/apply-to-merge-base";
import { openMirror } from "@/lib/repo/mirror-path";

export interface PatchVerification {
  checked: number;
  /** git patch applied and gave the head's tree, and the released patch applied */
  verified: number;
  /** PRs harvested before git patches were kept: only their released patch is checked */
  withoutGitPatch: number;
  failed: { repository: string; number: number; why: string }[];
}

const BATCH = 200;

export async function verifyStoredPatches(
  prisma: PrismaClient,
  options: { mirrorsDir: string; repositories?: string[]; onProgress?: (done: number, total: number) => void },
): Promise<PatchVerification> {
  const where = options.repositories ? { repository: { fullName: { in: options.repositories } } } : {};
  const total = await prisma.pullRequest.count({ where });
  const result: PatchVerification = { checked: 0, verified: 0, withoutGitPatch: 0, failed: [] };
  let after: string | undefined;
  for (;;) {
    const prs = await prisma.pullRequest.findMany({
      where,
      orderBy: { id: "asc" },
      take: BATCH,
      ...(after ? { skip: 1, cursor: { id: after } } : {}),
      select: {
        id: true,
        number: true,
        baseSha: true,
        headSha: true,
        patch: true,
        gitPatch: true,
        repository: { select: { fullName: true } },
      },
    });
    if (!prs.length) return result;
    after = prs.at(-1)?.id;
    for (const pr of prs) {
      result.checked++;
      const fail = (why: string) => result.failed.push({ repository: pr.repository.fullName, number: pr.number, why });
      try {
        const mirror = openMirror(options.mirrorsDir, pr.repository.fullName);
        const problems: string[] = [];
        if (pr.gitPatch === null) result.withoutGitPatch++;
        else {
          const check = await applyToMergeBase(mirror, pr.baseSha, pr.headSha, pr.gitPatch);
          if (!check.applies) problems.push(`git patch does not apply: ${check.why}`);
          else if (!check.givesHead)
            problems.push(
              `git patch does not give the head's tree: ${check.differs.slice(0, 5).join(", ")}${check.differs.length > 5 ? ", …" : ""}`,
            );
        }
        const released = await applyToMergeBase(mirror, pr.baseSha, pr.headSha, toGitApplyPatch(pr.patch));
        if (!released.applies) problems.push(`released patch does not apply: ${released.why}`);
        if (problems.length) fail(problems.join("; "));
        else if (pr.gitPatch !== null) result.verified++;
      } catch (e) {
        fail(messageOf(e));
      }
      options.onProgress?.(result.checked, total);
    }
  }
}
