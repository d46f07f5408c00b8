// The PR of lib/repo/testing/pr-history-repo.ts as the harvest stores it: GitHub lists the commits still on the
// branch (p1, p3: p2 was force-pushed away), an inline comment on each of p1 and p2 (the second on a deleted
// line), a reply to the first written after the force push, a review on p2, a PR comment after p3 and one
// on a file GitHub shows no patch for (binary). It sits under lib/screen because it makes the PR's instances with
// createInstances, which the shared lib/snapshot may not import.
import type { PrismaClient } from "@/lib/db/generated/client";
import type { PrHistoryRepo } from "@/lib/repo/testing/pr-history-repo";
import { createInstances } from "@/lib/screen/create-instances";

export const PR_HISTORY_REPOSITORY = "acme/app";

const PR_HISTORY_HUNKS = {
  typo: ["@@ -7,3 +7,4 @@ def size(path):", "     return os.path.getsize(path)", " ", " LIMIT = 10", "+max_file_cached = 7"].join("\n"),
  deleted: [
    "@@ -3,7 +3,6 @@ import os",
    " def load(path):",
    "     return open(path).read()",
    " ",
    "-def size(path):",
    "-    return os.path.getsize(path)",
  ].join("\n"),
  renamed: ["@@ -2,4 +2,4 @@ def helper():", "     return 1", " ", " def other():", "-    return 2", "+    return 3"].join("\n"),
};

export async function seedPrHistory(
  prisma: PrismaClient,
  repo: PrHistoryRepo,
): Promise<{ pullRequestId: string; instanceByGithubId: Map<bigint, string> }> {
  const repository = await prisma.repository.create({
    data: {
      owner: "acme",
      name: "app",
      fullName: PR_HISTORY_REPOSITORY,
      language: "Python",
      stars: 1,
      prCount: 1,
      defaultBranch: "main",
      selectionStatus: "selected",
    },
  });
  const at = (iso: string) => new Date(iso);
  const base = { authorLogin: "reviewer", authorType: "User" };
  const pr = await prisma.pullRequest.create({
    data: {
      repositoryId: repository.id,
      number: 1,
      title: "Cache files",
      authorLogin: "author",
      authorType: "User",
      createdAt: at(repo.times.p1),
      updatedAt: at(repo.times.p3),
      baseSha: repo.m1,
      headSha: repo.p3,
      patch: "",
      screeningStatus: "kept",
      timeline: {
        create: [
          { kind: "commit", sha: repo.p1, authorLogin: "author", createdAt: at(repo.times.p1), body: "cache files" },
          {
            ...base,
            kind: "inline",
            githubId: 10n,
            createdAt: at("2022-06-14T10:00:00Z"),
            body: "Typo: `max_files_cached`.",
            path: "app.py",
            diffHunk: PR_HISTORY_HUNKS.typo,
            commitId: repo.p3,
            originalCommitId: repo.p1,
            reviewId: 100n,
            line: null,
            originalLine: 10,
          },
          {
            ...base,
            kind: "review",
            githubId: 100n,
            createdAt: at("2022-06-14T10:00:00Z"),
            body: "One typo.",
            reviewState: "COMMENTED",
            commitId: repo.p1,
          },
          {
            ...base,
            kind: "inline",
            githubId: 12n,
            createdAt: at("2022-06-15T10:00:00Z"),
            body: "Why remove `size`? It is still used.",
            path: "app.py",
            diffHunk: PR_HISTORY_HUNKS.deleted,
            commitId: repo.p3,
            originalCommitId: repo.p2,
            reviewId: 101n,
            line: null,
            originalLine: 7,
          },
          {
            ...base,
            kind: "inline",
            githubId: 13n,
            createdAt: at("2022-06-15T10:00:00Z"),
            body: "`other` now returns 3; is that intended?",
            path: "new_name.py",
            diffHunk: PR_HISTORY_HUNKS.renamed,
            commitId: repo.p3,
            originalCommitId: repo.p2,
            reviewId: 101n,
            line: null,
            originalLine: 5,
          },
          {
            ...base,
            kind: "review",
            githubId: 101n,
            createdAt: at("2022-06-15T10:00:00Z"),
            body: "The rename looks fine.",
            reviewState: "COMMENTED",
            commitId: repo.p2,
          },
          {
            ...base,
            kind: "inline",
            githubId: 14n,
            createdAt: at("2022-06-15T11:00:00Z"),
            body: "Is this logo optimised?",
            path: "logo.png",
            diffHunk: "",
            commitId: repo.p3,
            originalCommitId: repo.p1,
            reviewId: 102n,
            line: null,
            originalLine: null,
          },
          { kind: "commit", sha: repo.p3, authorLogin: "author", createdAt: at(repo.times.p3), body: "cache eight files" },
          {
            ...base,
            kind: "inline_reply",
            githubId: 11n,
            createdAt: at("2022-06-16T10:00:00Z"),
            body: "Still says 7 in the docs.",
            path: "app.py",
            inReplyToId: 10n,
            commitId: repo.p3,
            originalCommitId: repo.p3,
            reviewId: 103n,
            line: 10,
            originalLine: 10,
          },
          { ...base, kind: "pr_comment", githubId: 20n, createdAt: at("2022-06-16T12:00:00Z"), body: "Eight files sounds right to me." },
        ],
      },
    },
  });
  await createInstances(prisma, [pr.id]);
  const instances = await prisma.instance.findMany({
    where: { pullRequestId: pr.id },
    select: { id: true, targetEntry: { select: { githubId: true } } },
  });
  const instanceByGithubId = new Map(
    instances.flatMap((i) => (i.targetEntry.githubId === null ? [] : [[i.targetEntry.githubId, i.id] as const])),
  );
  return { pullRequestId: pr.id, instanceByGithubId };
}
