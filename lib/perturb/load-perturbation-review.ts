import type { PrismaClient } from "@/lib/db/generated/client";
import type { InstanceStage, LabelValue } from "@/lib/db/enums";
import type { VerificationStatus } from "@/lib/db/generated/enums";
import { creatorsOf, perturbationRowInclude, toRow, type PerturbationRow } from "./list-perturbations";
import { loadRequiredVerifiers } from "./required-verifiers";
import { ruleInWords } from "./rule-words";
import { judgedPatchOf } from "@/lib/snapshot/judged-patch";
import { AUDIT_ROW_SELECT, readAuditEvent, type ReadAuditEvent } from "@/lib/audit/read-audit";
import { counted } from "@/lib/text/plural";

export type PerturbationReview = PerturbationRow & {
  stage: InstanceStage;
  finalLabel: LabelValue | null;
  commentKind: string;
  commentAuthor: string | null;
  pullRequest: {
    title: string;
    body: string;
    baseSha: string;
    patch: string;
    linkedIssues: { number: number; title: string; body: string }[];
  };
  verifications: { login: string; name: string; decision: VerificationStatus; note: string; at: Date }[];
  history: { at: Date; actor: string | null; action: string; summary: string }[];
};

/** One line of the history, from the event's typed details; a row that does not fit its action's schema shows its details as stored. */
export function summariseHistoryEvent(read: ReadAuditEvent): string {
  if (!read.typed) return `${read.action} ${read.raw}`;
  const { action, details } = read.event;
  switch (action) {
    case "perturb.create":
      // the rule in words (rule-words.ts), not its name
      if (!details.rule) return `created (${details.origin === "llm" ? "proposed by a model" : "by a rule"})`;
      return details.origin === "llm" ? `created: ${ruleInWords(details.rule)}` : `created by the rule that ${ruleInWords(details.rule)}`;
    case "perturb.edit":
      return `edited the text${details.note ? `: ${details.note}` : ""}; ${counted(details.discarded.length, "earlier verification")} discarded`;
    case "perturb.verify":
      return `${details.decision}${details.edited ? " the edited text" : ""}${details.note ? `: ${details.note}` : ""} → ${details.verification}`;
    case "perturb.withdraw":
      return `withdrew their ${details.decision} vote`;
    case "perturb.settle":
      return `settled as ${details.verification} after the verifier count changed to ${details.requiredVerifiers}`;
    default:
      return action;
  }
}

/** Everything the side-by-side verification view shows for one perturbed instance, or null. */
export async function loadPerturbationReview(
  prisma: PrismaClient,
  instanceId: string,
  viewerId: string,
): Promise<PerturbationReview | null> {
  const instance = await prisma.instance.findUnique({
    where: { id: instanceId },
    include: {
      ...perturbationRowInclude,
      targetEntry: { select: { body: true, path: true, diffHunk: true, kind: true, authorLogin: true } },
      // the code the parent comment was judged on: verifiers see the perturbation against the same patch
      snapshot: { select: { status: true, reason: true, commitSha: true, patch: true } },
      parent: { select: { snapshot: { select: { status: true, reason: true, commitSha: true, patch: true } } } },
      pullRequest: {
        select: {
          number: true,
          title: true,
          body: true,
          baseSha: true,
          headSha: true,
          patch: true,
          repository: { select: { fullName: true } },
          linkedIssues: { select: { number: true, title: true, body: true }, orderBy: { number: "asc" } },
        },
      },
      verifications: {
        select: { verifierId: true, decision: true, note: true, createdAt: true, verifier: { select: { login: true, name: true } } },
        orderBy: { createdAt: "asc" },
      },
    },
  });
  if (instance?.source !== "perturbation") return null;
  const [required, creators, events] = await Promise.all([
    loadRequiredVerifiers(prisma),
    creatorsOf(prisma, [instanceId]),
    prisma.auditEvent.findMany({
      where: { subjectType: "instance", subjectId: instanceId, action: { startsWith: "perturb." } },
      select: { ...AUDIT_ROW_SELECT, actor: { select: { login: true } } },
      orderBy: { id: "asc" },
    }),
  ]);
  const pr = instance.pullRequest;
  const row = toRow(instance, viewerId, required, creators.get(instanceId) ?? null);
  // blind: until the viewer votes, neither the votes nor a history that would reveal them
  const visible = (e: (typeof events)[number]) => !row.votesHidden || e.action === "perturb.create";
  return {
    ...row,
    stage: instance.stage,
    finalLabel: instance.finalLabel,
    commentKind: instance.targetEntry.kind,
    commentAuthor: instance.targetEntry.authorLogin,
    pullRequest: {
      title: pr.title,
      body: pr.body,
      baseSha: pr.baseSha,
      patch: judgedPatchOf(instance.snapshot ?? instance.parent?.snapshot ?? null, pr.patch, pr.headSha).patch,
      linkedIssues: pr.linkedIssues,
    },
    verifications: (row.votesHidden ? [] : instance.verifications).map((v) => ({
      login: v.verifier.login,
      name: v.verifier.name,
      decision: v.decision,
      note: v.note,
      at: v.createdAt,
    })),
    history: events.filter(visible).map((e) => ({
      at: e.at,
      actor: e.actor?.login ?? null,
      action: e.action,
      summary: summariseHistoryEvent(readAuditEvent(e)),
    })),
  };
}
