// Holes: pull requests a harvest pass listed but could not store (a follow-up page failed, GitHub nulled
// the node, no patch, the database refused it). Each is kept in CrawlHole until a later pass stores it or
// it is given up with its reason, and while it is open the repository's watermark never moves past it:
// every later pass lists the PR again and retries it (#13 case 2).
import type { PrismaClient } from "@/lib/db/generated/client";

/** passes a hole may fail before it is given up (permanent, watermark free to move on) */
export const MAX_HOLE_ATTEMPTS = 3;

const NOT_LISTED = "; then no longer listed by GitHub";
const NOT_MET_AGAIN = "; then not met again at its place (other PRs of the pass were nulled too)";

/** The reason of a hole given up after `attempts` failed passes; `reopenedReason` takes the suffix off. */
const givenUpReason = (reason: string, attempts: number) => `${reason} (failed ${attempts} passes; given up)`;
const reopenedReason = (reason: string) => `${reason.replace(/ \(failed \d+ passes; given up\)$/, "")} (reopened)`;

export interface HoleSeen {
  /** PR number, or null for a node GitHub answered as null and whose number it would not give either */
  prNumber: number | null;
  /** where a PR without a number sat: the page's cursor (null for the first page) and its index on the page */
  position?: { after: string | null; index: number };
  reason: string;
  /** the lowest updatedAt the PR can have (its own when known); null when nothing bounds it */
  floor: Date | null;
  /** retrying cannot help (e.g. its text cannot be stored until it is edited, which re-lists it anyway) */
  permanent: boolean;
}

/** One hole per PR: "#<number>", or "at:<cursor>+<index>" for a PR GitHub gave no number for (#44). */
const holeKey = (prNumber: number | null, position?: HoleSeen["position"]) =>
  prNumber !== null ? `#${prNumber}` : `at:${position?.after ?? "start"}+${position?.index ?? 0}`;

/**
 * The lowest updatedAt a nulled node at `index` of a page can have: the list is newest-updated first, so
 * any readable node after it is a lower bound. Null when none follows it on the page.
 */
export function nulledNodeFloor(updatedAts: (Date | null)[], index: number): Date | null {
  for (let i = index + 1; i < updatedAts.length; i++) {
    const at = updatedAts[i];
    if (at) return at;
  }
  return null;
}

/**
 * The watermark a finished pass may set. Without open holes: the newest updatedAt seen (or the previous
 * watermark). With open retryable holes: no later than the lowest floor, so the next pass lists them
 * again; a hole with no floor holds the watermark where it was.
 */
export function watermarkAfterPass(passWatermark: Date | null, previous: Date | null, floors: (Date | null)[]): Date | null {
  const advanced = latest(passWatermark, previous);
  if (!floors.length) return advanced;
  if (floors.some((f) => f === null)) return previous;
  const lowest = new Date(Math.min(...floors.map((f) => (f as Date).getTime())));
  return advanced && advanced < lowest ? advanced : lowest;
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/**
 * Records holes seen in this pass: new ones open, known ones count one more attempt, once per pass
 * (`passStartedAt`): a hole met again in the same pass (a page asked twice, a resumed pass) is not
 * tried twice, so it is given up after MAX_HOLE_ATTEMPTS passes, never after one (#44).
 */
export async function recordHoles(
  prisma: PrismaClient,
  repositoryId: string,
  runId: string | undefined,
  holes: HoleSeen[],
  passStartedAt: Date,
) {
  const now = new Date();
  for (const h of holes) {
    const key = holeKey(h.prNumber, h.position);
    const existing = await prisma.crawlHole.findUnique({ where: { repositoryId_key: { repositoryId, key } } });
    const open = existing !== null && existing.resolvedAt === null;
    const attempts = !open ? 1 : existing.lastTriedAt >= passStartedAt ? existing.attempts : existing.attempts + 1;
    const givenUp = !h.permanent && attempts >= MAX_HOLE_ATTEMPTS;
    const data = {
      prNumber: h.prNumber,
      reason: givenUp ? givenUpReason(h.reason, attempts) : h.reason,
      floor: h.floor,
      attempts,
      permanent: h.permanent || givenUp,
      lastTriedAt: now,
      lastRunId: runId ?? null,
      resolvedAt: null,
      acceptedAt: null,
      acceptedById: null,
    };
    await prisma.crawlHole.upsert({
      where: { repositoryId_key: { repositoryId, key } },
      create: { repositoryId, key, firstSeenAt: now, ...data },
      update: data,
    });
  }
}

/** Closes the holes of PRs now stored. */
export async function resolveHoles(prisma: PrismaClient, repositoryId: string, prNumbers: number[]) {
  if (!prNumbers.length) return;
  await prisma.crawlHole.updateMany({
    where: { repositoryId, key: { in: prNumbers.map((n) => holeKey(n)) }, resolvedAt: null },
    data: { resolvedAt: new Date() },
  });
}

/**
 * At the end of a pass: a complete pass (one that read everything since it started, across the runs it
 * took) that met no nulled node without a number closes the retryable holes kept by position (they held
 * the watermark, so the pass listed whatever sat there: it is stored, or a numbered hole, now); PR holes
 * whose PR is stored, at or after their floor, close. A retryable hole a complete pass did not meet at all
 * counts as a failed attempt: a numbered PR was not listed by GitHub (the pass reads down to its floor), a
 * position hole lost its place among other nulls; so neither holds the watermark forever. Returns the
 * floors of the holes still open and retryable, for the watermark.
 */
export async function settleHolesAfterPass(
  prisma: PrismaClient,
  repositoryId: string,
  pass: { complete: boolean; startedAt: Date },
): Promise<(Date | null)[]> {
  const open = await prisma.crawlHole.findMany({ where: { repositoryId, resolvedAt: null } });
  // nulls without a number this pass met are position holes tried since it started
  const sawUnknown = open.some((h) => h.prNumber === null && h.lastTriedAt >= pass.startedAt);
  const stored = await prisma.pullRequest.findMany({
    where: { repositoryId, number: { in: open.flatMap((h) => (h.prNumber === null ? [] : [h.prNumber])) } },
    select: { number: true, updatedAt: true },
  });
  const storedAt = new Map(stored.map((s) => [s.number, s.updatedAt]));
  const closing = open.filter((h) => {
    if (h.prNumber === null) return pass.complete && !sawUnknown && !h.permanent;
    const at = storedAt.get(h.prNumber);
    return at !== undefined && (h.floor === null || at >= h.floor);
  });
  if (closing.length)
    await prisma.crawlHole.updateMany({ where: { id: { in: closing.map((h) => h.id) } }, data: { resolvedAt: new Date() } });
  const closed = new Set(closing.map((h) => h.id));
  const givenUp = new Set<string>();
  const startedAt = pass.startedAt;
  if (pass.complete)
    for (const h of open) {
      if (closed.has(h.id) || h.permanent || h.lastTriedAt >= startedAt) continue;
      const attempts = h.attempts + 1;
      const permanent = attempts >= MAX_HOLE_ATTEMPTS;
      if (permanent) givenUp.add(h.id);
      const suffix = h.prNumber === null ? NOT_MET_AGAIN : NOT_LISTED;
      const reason = h.reason.endsWith(suffix) ? h.reason : `${h.reason}${suffix}`;
      await prisma.crawlHole.update({
        where: { id: h.id },
        data: {
          attempts,
          permanent,
          lastTriedAt: new Date(),
          reason: permanent ? givenUpReason(reason, attempts) : reason,
        },
      });
    }
  return open.filter((h) => !closed.has(h.id) && !h.permanent && !givenUp.has(h.id)).map((h) => h.floor);
}

/** Open retryable holes of a repository: the "nothing changed" shortcut must not skip their retry. */
export async function hasRetryableHoles(prisma: PrismaClient, repositoryId: string): Promise<boolean> {
  return (await prisma.crawlHole.count({ where: { repositoryId, resolvedAt: null, permanent: false } })) > 0;
}

export interface OpenHole {
  repository: string;
  key: string;
  prNumber: number | null;
  reason: string;
  attempts: number;
  permanent: boolean;
  firstSeenAt: string;
  lastTriedAt: string;
}

/** Open holes (retryable and given up), per repository, for run summaries and the ingest page. */
export async function loadOpenHoles(prisma: PrismaClient, repositoryNames?: string[]): Promise<OpenHole[]> {
  const rows = await prisma.crawlHole.findMany({
    where: { resolvedAt: null, ...(repositoryNames ? { repository: { fullName: { in: repositoryNames } } } : {}) },
    include: { repository: { select: { fullName: true } } },
    orderBy: [{ repository: { fullName: "asc" } }, { prNumber: "asc" }],
  });
  return rows.map((h) => ({
    repository: h.repository.fullName,
    key: h.key,
    prNumber: h.prNumber,
    reason: h.reason,
    attempts: h.attempts,
    permanent: h.permanent,
    firstSeenAt: h.firstSeenAt.toISOString(),
    lastTriedAt: h.lastTriedAt.toISOString(),
  }));
}

/**
 * Gives given-up holes of a repository another chance (a user fixed what blocked them, or GitHub may answer
 * now): they become retryable with their attempts reset, and the watermark moves back to the lowest of
 * their floors (to none when one has no floor), so the next run lists those PRs again. Returns how many.
 */
export async function reopenHoles(prisma: PrismaClient, fullName: string): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const repo = await tx.repository.findUnique({ where: { fullName }, select: { id: true, prWatermark: true } });
    if (!repo) return 0;
    const given = await tx.crawlHole.findMany({ where: { repositoryId: repo.id, resolvedAt: null, permanent: true } });
    if (!given.length) return 0;
    for (const h of given)
      await tx.crawlHole.update({
        where: { id: h.id },
        data: { permanent: false, attempts: 0, reason: reopenedReason(h.reason) },
      });
    const watermark = watermarkAfterPass(
      repo.prWatermark,
      null,
      given.map((h) => h.floor),
    );
    await tx.repository.update({ where: { id: repo.id }, data: { prWatermark: watermark } });
    return given.length;
  });
}
