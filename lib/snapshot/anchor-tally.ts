// How the inline comments (and replies, by their thread root) of the database anchor in the patch each
// instance is judged against (issue #12's closing figures): placed exactly, by GitHub's position or by
// the hunk's verbatim content, or not placeable with the reason (reasons grouped by their kind).
import type { PrismaClient } from "@/lib/db/generated/client";
import { judgedPatchOf } from "@/lib/snapshot/judged-patch";
import { placeComment } from "@/lib/patch/anchor-comment";
import { parseReleasedPatch, type PatchFile } from "@/lib/patch/released-patch";

export interface AnchorTally {
  inline: number;
  placedByPosition: number;
  placedByContent: number;
  notPlaceable: number;
  /** reason kinds (numbers and quoted texts masked) → count */
  reasons: Record<string, number>;
  /** instances judged against the final diff because their snapshot is unavailable or not computed */
  onFinalDiff: number;
}

/** A reason with its specifics masked, so reasons of one kind count together. */
export function reasonKind(reason: string): string {
  return reason
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/\b[0-9a-f]{7,40}\b/g, "<sha>")
    .replace(/\d+/g, "N")
    .replace(/ of \S+ is outside/g, " of <file> is outside")
    .replace(/^\S+ has no diff/, "<file> has no diff");
}

export async function tallyAnchoring(prisma: PrismaClient): Promise<AnchorTally> {
  const snapshot = { select: { status: true, reason: true, commitSha: true, patch: true } } as const;
  const instances = await prisma.instance.findMany({
    where: { source: "human", targetEntry: { kind: { in: ["inline", "inline_reply"] } } },
    select: {
      snapshot,
      parent: { select: { snapshot } },
      targetEntry: {
        select: {
          kind: true,
          inReplyToId: true,
          path: true,
          diffHunk: true,
          line: true,
          originalLine: true,
          commitId: true,
          originalCommitId: true,
        },
      },
      pullRequest: { select: { id: true, patch: true, headSha: true } },
    },
  });
  const roots = await prisma.timelineEntry.findMany({
    where: { kind: "inline", pullRequestId: { in: [...new Set(instances.map((i) => i.pullRequest.id))] } },
    select: {
      pullRequestId: true,
      githubId: true,
      path: true,
      diffHunk: true,
      line: true,
      originalLine: true,
      commitId: true,
      originalCommitId: true,
    },
  });
  const rootOf = new Map(roots.map((r) => [`${r.pullRequestId}:${r.githubId}`, r]));
  const parsed = new Map<string, PatchFile[]>();
  const tally: AnchorTally = { inline: 0, placedByPosition: 0, placedByContent: 0, notPlaceable: 0, reasons: {}, onFinalDiff: 0 };
  for (const i of instances) {
    const judged = judgedPatchOf(i.snapshot ?? i.parent?.snapshot ?? null, i.pullRequest.patch, i.pullRequest.headSha);
    if (judged.source === "final") tally.onFinalDiff++;
    const t = i.targetEntry;
    const position = t.kind === "inline_reply" ? (rootOf.get(`${i.pullRequest.id}:${t.inReplyToId}`) ?? t) : t;
    const files = parsed.get(judged.patch) ?? parseReleasedPatch(judged.patch);
    parsed.set(judged.patch, files);
    const placed = placeComment(files, position, judged.commit);
    tally.inline++;
    if (placed.placed) {
      if (placed.method === "position") tally.placedByPosition++;
      else tally.placedByContent++;
    } else {
      tally.notPlaceable++;
      const kind = reasonKind(placed.reason);
      tally.reasons[kind] = (tally.reasons[kind] ?? 0) + 1;
    }
  }
  return tally;
}
