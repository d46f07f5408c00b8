// Turns a pull request of the demo world (lib/demo/demo-world.ts) into the row writer's input,
// with timeline ids like the database would give them, for tests that need no database.
import { DEMO_REPOSITORIES, type DemoPullRequest } from "@/lib/demo/demo-world";
import type { RowSource, TimelineEntryRecord } from "@/lib/export/write-released-row";

export function demoPullRequest(repo: string, number: number): { repo: (typeof DEMO_REPOSITORIES)[number]; pr: DemoPullRequest } {
  const r = DEMO_REPOSITORIES.find((x) => x.fullName === repo)!;
  return { repo: r, pr: r.pullRequests.find((p) => p.number === number)! };
}

function demoTimeline(pr: DemoPullRequest): TimelineEntryRecord[] {
  return pr.timeline.map((t, i) => ({
    id: `entry-${pr.number}-${i}`,
    kind: t.kind,
    githubId: t.id === undefined ? null : BigInt(t.id),
    sha: t.sha ?? null,
    authorLogin: t.user,
    createdAt: new Date(t.at),
    body: t.body,
    path: t.path ?? null,
    diffHunk: t.hunk ?? null,
    inReplyToId: t.replyTo === undefined ? null : BigInt(t.replyTo),
    reviewState: t.state ?? null,
  }));
}

/** The row source of one demo comment, judged human-annotated with the given label. */
export function demoRowSource(repoName: string, number: number, githubId: number, trustworthy: boolean): RowSource {
  const { repo, pr } = demoPullRequest(repoName, number);
  const timeline = demoTimeline(pr);
  const target = timeline.find((e) => e.githubId === BigInt(githubId));
  if (!target) throw new Error(`no demo entry ${githubId} in ${repoName}#${number}`);
  return {
    repository: { fullName: repo.fullName, language: repo.language },
    pullRequest: {
      number: pr.number,
      title: pr.title,
      body: pr.body,
      createdAt: new Date(pr.createdAt),
      baseSha: pr.baseSha,
      patch: pr.patch,
      problemDomain: pr.problemDomain,
    },
    linkedIssues: pr.issues,
    timeline,
    targetEntryId: target.id,
    trustworthy,
    source: "human",
    perturbation: null,
  };
}
