// The LLM PR audit on the demo and the experts' audit of it (paper §2: two experts check each sampled
// decision, a third settles what they disagree on), through lib/screen's own functions: the screen with the
// answers written for the demo (demo-pr-audit.ts), then the sample drawn and the reviews given so far. The
// team ran the PR audit once annotation had started, on three PRs: it kept each, so nobody's queue changes,
// and the fourth waits in the manual queue. The audit is partway: both reviewers agree on one decision, the
// third expert settled a disagreement on another, and the last has one review, waiting for its second
// (alice's, carol's or the admin's to give).
import type { PrismaClient } from "@/lib/db/generated/client";
import { createMemoryLlmCache } from "@/lib/llm/cache";
import { must } from "@/lib/must";
import { createAuditSample, DEFAULT_AUDIT_SEED } from "@/lib/screen/create-audit-sample";
import { adjudicateAuditItem, submitAuditReview } from "@/lib/screen/review-audit-item";
import { runLlmScreening } from "@/lib/screen/run-llm-screening";
import { LLM_PR_FILTER } from "@/lib/screen/screening-filters";
import { DEMO_PR_AUDIT, demoPrAuditClient } from "./demo-pr-audit";

interface DemoAuditVerdict {
  login: string;
  llmCorrect: boolean;
  note: string;
}

/** Per demo PR (their numbers are unique across the demo's repositories): the reviews given so far, in order. */
export const DEMO_AUDIT_REVIEWS: { number: number; reviews: DemoAuditVerdict[]; adjudication?: DemoAuditVerdict }[] = [
  {
    number: 58123,
    reviews: [
      { login: "bob", llmCorrect: true, note: "Bug, cause and fix are all in the description; the linked issue has the reproducer." },
      { login: "carol", llmCorrect: true, note: "" },
    ],
  },
  {
    number: 4411,
    reviews: [
      { login: "alice", llmCorrect: true, note: "The retry policy is described in full, including what still raises." },
      {
        login: "bob",
        llmCorrect: false,
        note: "Why 429s matter is only in #4390; without it the motivation is thin (external dependency).",
      },
    ],
    adjudication: {
      login: "carol",
      llmCorrect: true,
      note: "#4390 is linked and quoted in the request, so nothing the reader needs is off-platform: keep stands.",
    },
  },
  { number: 58240, reviews: [{ login: "bob", llmCorrect: true, note: "Times and memory are measured; the change is explained." }] },
];

/** Runs the demo's LLM PR audit, draws the audit sample of its decisions and records the demo experts' reviews. */
export async function seedDemoPrAudit(prisma: PrismaClient): Promise<{ sampleId: string; size: number }> {
  // the screen takes PRs in id order, which is the demo's order: the three with written answers come first
  await runLlmScreening(
    prisma,
    { client: demoPrAuditClient(), cache: createMemoryLlmCache() },
    { level: "pr", limit: DEMO_PR_AUDIT.length },
  );
  const users = new Map((await prisma.user.findMany({ select: { id: true, login: true } })).map((u) => [u.login, u.id]));
  const userId = (login: string) => must(users.get(login), `the demo user ${login}`);
  const { sampleId, size } = await createAuditSample(
    prisma,
    { filterKey: LLM_PR_FILTER, seed: DEFAULT_AUDIT_SEED },
    users.get("admin") ?? null,
  );
  const items = await prisma.auditItem.findMany({ where: { sampleId }, select: { id: true, decisionId: true } });
  const decisions = await prisma.filterDecision.findMany({
    where: { id: { in: items.map((i) => i.decisionId) } },
    select: { id: true, pullRequest: { select: { number: true } } },
  });
  const numberOf = new Map(decisions.map((d) => [d.id, d.pullRequest?.number]));
  for (const entry of DEMO_AUDIT_REVIEWS) {
    const item = items.find((i) => numberOf.get(i.decisionId) === entry.number);
    if (!item) continue; // not drawn
    for (const r of entry.reviews) {
      await submitAuditReview(prisma, { itemId: item.id, llmCorrect: r.llmCorrect ? "yes" : "no", note: r.note }, userId(r.login));
    }
    const third = entry.adjudication;
    if (third) {
      await adjudicateAuditItem(
        prisma,
        { itemId: item.id, llmCorrect: third.llmCorrect ? "yes" : "no", note: third.note },
        userId(third.login),
      );
    }
  }
  return { sampleId, size };
}
