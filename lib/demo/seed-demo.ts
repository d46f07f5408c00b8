// Seeds the demo world into an empty database so a newcomer can click through every stage.
// It stores raw GitHub-shaped data, then runs the pipeline's own functions on it.
import type { PrismaClient } from "@/lib/db/generated/client";
import { hashPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/auth/roles";
import { createInstances } from "@/lib/screen/create-instances";
import { recordSingleRevisionSnapshots } from "@/lib/snapshot/final-diff-snapshots";
import { seedDemoScreening } from "./seed-demo-screening";
import { seedDemoAnnotation } from "./seed-demo-annotation";
import { seedDemoPrAudit } from "./seed-demo-audit";
import { seedDemoEvaluation } from "./seed-demo-evaluation";
import { seedDemoJudgeRun } from "./seed-demo-judge";
import { seedDemoPerturbations } from "./seed-demo-perturbations";
import { seedDemoSplitExport } from "./seed-demo-split-export";
import { DEMO_REPOSITORIES, type DemoRepository } from "./demo-world";
import { countReleasedPatch } from "@/lib/patch/released-patch";
import { recordAudit } from "@/lib/audit/record-audit";
import { performance } from "node:perf_hooks";

export const DEMO_PASSWORD = "workbench";
export const DEMO_USERS: { login: string; name: string; roles: Role[] }[] = [
  { login: "admin", name: "Ada Admin", roles: ["admin", "adjudicator"] },
  { login: "alice", name: "Alice Annotator", roles: ["annotator"] },
  { login: "bob", name: "Bob Annotator", roles: ["annotator"] },
  { login: "carol", name: "Carol Adjudicator", roles: ["adjudicator", "annotator"] },
];

async function seedRepository(prisma: PrismaClient, repo: DemoRepository) {
  const [owner, name] = repo.fullName.split("/");
  const row = await prisma.repository.create({
    data: {
      owner,
      name,
      fullName: repo.fullName,
      language: repo.language,
      stars: repo.stars,
      prCount: repo.prCount,
      lastActivityAt: new Date(repo.lastActivityAt),
      defaultBranch: "main",
      selectionStatus: repo.selected ? "selected" : "rejected",
      selectionReason: repo.reason,
    },
  });
  for (const pr of repo.pullRequests) {
    const files = countReleasedPatch(pr.patch).files;
    const lines = pr.patch.split("\n").filter((l) => /^[+-]/.test(l)).length;
    const commits = pr.timeline.filter((t) => t.kind === "commit").length;
    await prisma.pullRequest.create({
      data: {
        repositoryId: row.id,
        number: pr.number,
        title: pr.title,
        body: pr.body,
        authorLogin: pr.author,
        authorType: "User",
        createdAt: new Date(pr.createdAt),
        updatedAt: new Date(pr.timeline.at(-1)?.at ?? pr.createdAt),
        baseSha: pr.baseSha,
        headSha: pr.headSha,
        patch: pr.patch,
        filesEdited: files,
        linesEdited: lines,
        commitsCount: commits,
        problemDomain: pr.problemDomain,
        linkedIssues: { create: pr.issues },
        timeline: {
          create: pr.timeline.map((t) => ({
            kind: t.kind,
            githubId: t.id === undefined ? null : BigInt(t.id),
            sha: t.sha ?? null,
            authorLogin: t.user,
            authorType: t.user === null ? null : (t.userType ?? "User"),
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
  }
}

/** The demo's team (DEMO_USERS, password DEMO_PASSWORD) and nothing else: the demo's first stage, and a spec's start on crawled data. */
export async function seedDemoTeam(prisma: PrismaClient): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await prisma.user.createMany({ data: DEMO_USERS.map((u) => ({ ...u, passwordHash })) });
}

export interface SeedDemoOptions {
  /** told each stage's wall time as it ends (scripts/bench-demo-seed.ts) */
  onStage?: (stage: string, ms: number) => void;
}

export async function seedDemo(prisma: PrismaClient, options: SeedDemoOptions = {}): Promise<void> {
  let last = performance.now();
  const stageDone = (stage: string) => {
    const now = performance.now();
    options.onStage?.(stage, now - last);
    last = now;
  };
  await seedDemoTeam(prisma);
  stageDone("users");
  for (const repo of DEMO_REPOSITORIES) await seedRepository(prisma, repo);
  await createInstances(prisma);
  // the demo PRs have one revision each: their final diff is the code every comment saw
  const prs = await prisma.pullRequest.findMany({ select: { id: true } });
  await recordSingleRevisionSnapshots(
    prisma,
    prs.map((p) => p.id),
    "the demo PR has one revision: its diff is the code every comment saw",
  );
  stageDone("ingest");
  // Each stage then runs its own functions on the demo, in pipeline order (one line per stage):
  await seedDemoScreening(prisma);
  stageDone("screen");
  await seedDemoAnnotation(prisma);
  stageDone("annotate");
  // screening's LLM PR audit, which the demo team ran once annotation had started, and the experts' audit of it
  await seedDemoPrAudit(prisma);
  stageDone("screen-audit");
  await seedDemoPerturbations(prisma);
  stageDone("perturb");
  await seedDemoSplitExport(prisma);
  stageDone("split-export");
  await seedDemoEvaluation(prisma);
  stageDone("evaluate");
  await seedDemoJudgeRun(prisma);
  stageDone("judge");
  await recordAudit(prisma, { action: "demo.seed", subjectId: "demo" });
}

/** Seeds only a brand-new database: never touches one that has users. */
export async function seedDemoIfEmpty(prisma: PrismaClient): Promise<boolean> {
  if ((await prisma.user.count()) > 0) return false;
  await seedDemo(prisma);
  return true;
}
