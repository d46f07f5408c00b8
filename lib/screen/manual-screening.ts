import { z } from "zod";
import { AppError } from "@/lib/errors";
import type { PrismaClient } from "@/lib/db/generated/client";
import { eligibleInstances, eligiblePullRequests, filterKeyForLevel, type ScreenLevel } from "./load-screen-items";
import { MANUAL_PROMPT_VERSION } from "./screening-filters";
import { updateScreeningStages } from "./update-screening-stages";
import {
  describePullRequestWithdrawal,
  describeWithdrawal,
  pullRequestAnnotationState,
  pullRequestInAnnotationWhere,
  withdrawFromAnnotation,
  withdrawPullRequestFromAnnotation,
} from "./withdraw-from-annotation";
import { recordAudit } from "@/lib/audit/record-audit";

// Without an LLM (or to overrule one), an admin screens the remaining items by hand. The decision
// is stored under the same filter as the LLM's (model null, promptVersion "manual"), so the funnel,
// the stages and the dropped-items lists treat both alike.

export const ManualDecisionRequestSchema = z.object({
  level: z.enum(["pr", "comment"], { error: "level must be pr or comment" }),
  itemId: z.string().min(1, "itemId is missing"),
  verdict: z.enum(["keep", "drop"], { error: "choose keep or drop" }),
  rationale: z
    .string({ error: "give a rationale" })
    .trim()
    .min(5, "give a rationale of at least 5 characters: reviewers read it in the funnel")
    .max(2_000, "keep the rationale under 2,000 characters"),
  /** "confirm": drop a comment (or a PR whose comments are) in annotation, withdrawing the open assignments */
  withdraw: z.literal("confirm").optional(),
});
export type ManualDecisionRequest = z.infer<typeof ManualDecisionRequestSchema>;

export type ManualQueueItem = {
  id: string;
  repository: string;
  pullRequestNumber: number;
  title: string;
  /** the PR description (PR level) or the comment (comment level) */
  text: string;
  author: string | null;
  location: string | null;
  /**
   * a comment in annotation, or a PR with comments in annotation: dropping it asks first, then withdraws
   * the open assignments; not confirmable when annotation already decided one of the PR's comments
   */
  inAnnotation: { open: string[]; labelled: string[]; warning: string; confirmable: boolean } | null;
};

export interface ManualQueue {
  /** everything waiting for a person's decision at this level, in annotation or not */
  total: number;
  /** of those, comments already in annotators' queues */
  inAnnotation: number;
  /** what the chosen view lists (the pages count these) */
  listed: number;
  items: ManualQueueItem[];
}

/**
 * The items waiting for a person. Comments already in annotation are left out unless asked for
 * (`inAnnotation: "include"`): a screener working down the queue does not pull work out of
 * annotators' hands by the way; the queue says how many it leaves out.
 */
export async function manualQueue(
  prisma: PrismaClient,
  level: ScreenLevel,
  page: { skip?: number; take?: number; inAnnotation?: "exclude" | "include" } = {},
): Promise<ManualQueue> {
  const take = Math.min(page.take ?? 20, 100);
  const skip = page.skip ?? 0;
  if (level === "pr") {
    const where = eligiblePullRequests({ kind: "any" });
    const [total, rows] = await Promise.all([
      prisma.pullRequest.count({ where }),
      prisma.pullRequest.findMany({
        where,
        orderBy: [{ repository: { fullName: "asc" } }, { number: "asc" }],
        skip,
        take,
        select: {
          id: true,
          number: true,
          title: true,
          body: true,
          authorLogin: true,
          repository: { select: { fullName: true } },
          // its comments past screening: a drop of the PR withdraws them from annotation (asks first)
          instances: {
            where: pullRequestInAnnotationWhere,
            select: {
              stage: true,
              assignments: { select: { annotator: { select: { login: true } } } },
              labels: { select: { annotator: { select: { login: true } } } },
            },
          },
        },
      }),
    ]);
    const annotationOfPr = (r: (typeof rows)[number]): ManualQueueItem["inAnnotation"] => {
      const state = pullRequestAnnotationState(r.instances);
      if (!state) return null;
      return {
        open: state.open,
        labelled: state.labelled,
        warning: describePullRequestWithdrawal(state),
        confirmable: state.decided === 0,
      };
    };
    return {
      total,
      inAnnotation: 0,
      listed: total,
      items: rows.map((r) => ({
        id: r.id,
        repository: r.repository.fullName,
        pullRequestNumber: r.number,
        title: r.title,
        text: r.body,
        author: r.authorLogin,
        location: null,
        inAnnotation: annotationOfPr(r),
      })),
    };
  }
  const all = eligibleInstances({ kind: "any" });
  const where = page.inAnnotation === "include" ? all : { AND: [all, { stage: { not: "annotating" as const } }] };
  const [total, inAnnotation, rows] = await Promise.all([
    prisma.instance.count({ where: all }),
    prisma.instance.count({ where: { AND: [all, { stage: "annotating" }] } }),
    prisma.instance.findMany({
      where,
      orderBy: [{ pullRequest: { number: "asc" } }, { targetEntry: { createdAt: "asc" } }, { id: "asc" }],
      skip,
      take,
      select: {
        id: true,
        stage: true,
        targetEntry: { select: { body: true, authorLogin: true, kind: true, path: true } },
        pullRequest: { select: { number: true, title: true, repository: { select: { fullName: true } } } },
        assignments: { select: { annotator: { select: { login: true } } }, orderBy: { annotator: { login: "asc" } } },
        labels: { select: { annotator: { select: { login: true } } } },
      },
    }),
  ]);
  const annotationOf = (r: (typeof rows)[number]): ManualQueueItem["inAnnotation"] => {
    if (r.stage !== "annotating") return null;
    const labelled = r.labels.map((l) => l.annotator.login).sort();
    const open = r.assignments.map((a) => a.annotator.login).filter((login) => !labelled.includes(login));
    return { open, labelled, warning: describeWithdrawal({ stage: r.stage, open, labelled }), confirmable: true };
  };
  return {
    total,
    inAnnotation,
    listed: page.inAnnotation === "include" ? total : total - inAnnotation,
    items: rows.map((r) => ({
      id: r.id,
      repository: r.pullRequest.repository.fullName,
      pullRequestNumber: r.pullRequest.number,
      title: r.pullRequest.title,
      text: r.targetEntry.body,
      author: r.targetEntry.authorLogin,
      location: r.targetEntry.path ? `${r.targetEntry.kind} on ${r.targetEntry.path}` : `${r.targetEntry.kind} (PR-level)`,
      inAnnotation: annotationOf(r),
    })),
  };
}

export async function recordManualDecision(
  prisma: PrismaClient,
  input: unknown,
  actor: { id: string; login: string },
): Promise<{ decisionId: string }> {
  const request = ManualDecisionRequestSchema.parse(input);
  const filterKey = filterKeyForLevel(request.level);
  const subject = request.level === "pr" ? ("pull_request" as const) : ("instance" as const);
  // Only items that survived the earlier steps can be screened here: the same rule as the LLM's.
  const eligible =
    request.level === "pr"
      ? await prisma.pullRequest.count({ where: { id: request.itemId, ...eligiblePullRequests({ kind: "manual-only" }) } })
      : await prisma.instance.count({ where: { id: request.itemId, ...eligibleInstances({ kind: "manual-only" }) } });
  if (eligible === 0) {
    throw new AppError(
      "conflict",
      `This ${request.level === "pr" ? "pull request" : "comment"} is not waiting for content screening: ` +
        "an earlier filter dropped it, or a person already decided it. Reload the queue.",
    );
  }
  const run =
    (await prisma.filterRun.findFirst({
      where: { filterKey, version: MANUAL_PROMPT_VERSION, finishedAt: null },
      orderBy: { startedAt: "desc" },
    })) ?? (await prisma.filterRun.create({ data: { filterKey, version: MANUAL_PROMPT_VERSION, config: { manual: true } } }));
  const itemRef = subject === "pull_request" ? { pullRequestId: request.itemId } : { instanceId: request.itemId };
  const decision = await prisma.$transaction(async (tx) => {
    // a comment in annotation: withdrawn first (asks for confirmation, refuses once annotation decided it)
    const withdrawOptions = {
      actorId: actor.id,
      confirmed: request.withdraw === "confirm",
      reason: `dropped by manual screening: ${request.rationale}`,
    };
    const withdrawal =
      request.verdict !== "drop"
        ? null
        : subject === "instance"
          ? await withdrawFromAnnotation(tx, { instanceId: request.itemId, ...withdrawOptions })
          : await withdrawPullRequestFromAnnotation(tx, { pullRequestId: request.itemId, ...withdrawOptions });
    await tx.filterDecision.deleteMany({ where: { filterKey, ...itemRef } });
    const created = await tx.filterDecision.create({
      data: {
        runId: run.id,
        subject,
        filterKey,
        verdict: request.verdict,
        ...itemRef,
        rationale: `${request.rationale} (manual decision by ${actor.login})`,
        model: null,
        promptVersion: MANUAL_PROMPT_VERSION,
      },
    });
    await tx.filterRun.update({
      where: { id: run.id },
      data: request.verdict === "keep" ? { kept: { increment: 1 } } : { dropped: { increment: 1 } },
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "screen.manual.decide",
      subjectType: subject,
      subjectId: request.itemId,
      details: {
        filterKey,
        verdict: request.verdict,
        ...(withdrawal ? { withdrawn: withdrawal.withdrawn, labelsKept: withdrawal.labelsKept } : {}),
      },
    });
    return created;
  });
  await updateScreeningStages(
    prisma,
    subject === "pull_request" ? { pullRequestIds: [request.itemId] } : { instanceIds: [request.itemId] },
  );
  return { decisionId: decision.id };
}
