// The pipeline as a funnel for the overview: how many of each stage's items the team has, against its
// targets. The default targets are the paper's own funnel (CRJudgeBench §2): 7,086 PRs, whose 76,190
// review comments (not by the PR's author) were screened by rules and an LLM to 48,027, annotated by
// experts to 829 labelled (764 trustworthy, 65 not), topped up with 370 expert-verified perturbed
// negatives, and split into 1,199 instances. The paper gives no repository count for the whole crawl,
// so that stage has no default target. A team sets its own targets (admin, on the overview).
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import type { PrismaClient } from "@/lib/db/generated/client";
import { recordOf } from "@/lib/record-of";
import type { PipelineCounts } from "./pipeline-counts";

export const FUNNEL_STAGES = ["repositories", "pullRequests", "comments", "screened", "labelled", "verifiedNegatives", "split"] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

export const FUNNEL_STAGE_NAMES: Record<FunnelStage, string> = {
  repositories: "Repositories selected",
  pullRequests: "Pull requests harvested",
  comments: "Review comments",
  screened: "Passed screening",
  labelled: "Labelled (final label)",
  verifiedNegatives: "Verified negatives",
  split: "In the split",
};

/** The paper's funnel (CRJudgeBench §2), the default targets. */
export const PAPER_FUNNEL: Record<FunnelStage, number | null> = {
  repositories: null,
  pullRequests: 7_086,
  comments: 76_190,
  screened: 48_027,
  labelled: 829,
  verifiedNegatives: 370,
  split: 1_199,
};

export const FUNNEL_TARGETS_SETTING_KEY = "overview.funnel_targets";

const TargetSchema = z.number().int().min(0).max(100_000_000).nullable();
export const FunnelTargetsSchema = z.strictObject(recordOf(FUNNEL_STAGES, () => TargetSchema));
export type FunnelTargets = z.infer<typeof FunnelTargetsSchema>;

export interface FunnelRow {
  stage: FunnelStage;
  name: string;
  actual: number;
  target: number | null;
  /** actual / target, or null without a target */
  share: number | null;
}

/** The funnel's rows, in pipeline order, from the overview's counts. */
export function pipelineFunnel(counts: PipelineCounts, targets: FunnelTargets): FunnelRow[] {
  const s = counts.instances.byStage;
  const actual: Record<FunnelStage, number> = {
    repositories: counts.repositories.selected,
    pullRequests: counts.pullRequests.total,
    comments: counts.instances.total,
    // every human instance past the filters: waiting for, in or through annotation
    screened: s.screened + s.annotating + s.adjudicating + s.labelled + s.unsuitable,
    labelled: s.labelled,
    verifiedNegatives: counts.perturbations.accepted,
    split: counts.splits ? counts.splits.train + counts.splits.validation + counts.splits.test : 0,
  };
  return FUNNEL_STAGES.map((stage) => {
    const target = targets[stage];
    return { stage, name: FUNNEL_STAGE_NAMES[stage], actual: actual[stage], target, share: target ? actual[stage] / target : null };
  });
}

/** The team's targets, or the paper's when the team has set none (a stored value that no longer parses says so). */
export async function loadFunnelTargets(
  prisma: PrismaClient,
): Promise<{ targets: FunnelTargets; source: "team" | "paper"; problem?: string }> {
  const row = await prisma.setting.findUnique({ where: { key: FUNNEL_TARGETS_SETTING_KEY } });
  if (!row) return { targets: PAPER_FUNNEL, source: "paper" };
  const parsed = FunnelTargetsSchema.safeParse(row.value);
  if (parsed.success) return { targets: parsed.data, source: "team" };
  return { targets: PAPER_FUNNEL, source: "paper", problem: "the stored targets could not be read; the paper's are shown" };
}

export async function saveFunnelTargets(prisma: PrismaClient, targets: FunnelTargets, actorId: string | null = null): Promise<void> {
  const value = FunnelTargetsSchema.parse(targets);
  await prisma.$transaction([
    prisma.setting.upsert({
      where: { key: FUNNEL_TARGETS_SETTING_KEY },
      create: { key: FUNNEL_TARGETS_SETTING_KEY, value },
      update: { value },
    }),
    recordAudit(prisma, { actorId, action: "overview.funnel_targets", subjectId: FUNNEL_TARGETS_SETTING_KEY, details: { targets: value } }),
  ]);
}

export async function resetFunnelTargets(prisma: PrismaClient, actorId: string | null = null): Promise<void> {
  await prisma.$transaction([
    prisma.setting.deleteMany({ where: { key: FUNNEL_TARGETS_SETTING_KEY } }),
    recordAudit(prisma, { actorId, action: "overview.funnel_targets", subjectId: FUNNEL_TARGETS_SETTING_KEY, details: { targets: null } }),
  ]);
}
