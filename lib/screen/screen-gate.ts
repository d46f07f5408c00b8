// Where screening hands comments to annotation (issue #31 item 12). A comment is ready to assign
// once it is through every screen in use: the rule filters (stage `screened`) and a "keep" from each
// content screen in use, the LLM PR audit on its pull request and the LLM comment screen on itself.
// A content screen is in use when an LLM is configured (it can run) or when it has decided anything
// (an LLM run or the manual queue): a team that never screens by content is not held up by a screen
// nobody can run, and once a screen has started, annotation waits for it. The lead may still
// include the rest explicitly; the funnel and the assign forms say what waits, and for which screen.
import { z } from "zod";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { LLM_FILTER_KEYS, LLM_PR_FILTER, type LlmFilterKey, LlmFilterKeySchema, screeningFilter } from "./screening-filters";
import { DECIDED_STAGES } from "./withdraw-from-annotation";

const ContentScreenUseSchema = z.enum(["configured", "decided", "not_in_use"]);
type ContentScreenUse = z.infer<typeof ContentScreenUseSchema>;

const ScreenGateSchema = z.object({
  /** every content screen with whether annotation waits for it, and why */
  contentScreens: z.array(z.object({ key: LlmFilterKeySchema, label: z.string(), use: ContentScreenUseSchema })),
});
export type ScreenGate = z.infer<typeof ScreenGateSchema>;

/** The content screens annotation waits for. */
const gatingScreens = (gate: ScreenGate): LlmFilterKey[] => gate.contentScreens.filter((s) => s.use !== "not_in_use").map((s) => s.key);

export async function loadScreenGate(prisma: PrismaClient, options: { llmConfigured: boolean }): Promise<ScreenGate> {
  const contentScreens = await Promise.all(
    LLM_FILTER_KEYS.map(async (key) => {
      const decided = options.llmConfigured
        ? null
        : await prisma.filterDecision.findFirst({ where: { filterKey: key }, select: { id: true } });
      const use: ContentScreenUse = options.llmConfigured ? "configured" : decided ? "decided" : "not_in_use";
      return { key, label: screeningFilter(key).label, use };
    }),
  );
  return { contentScreens };
}

function keptBy(key: LlmFilterKey): Prisma.InstanceWhereInput {
  const kept = { filterDecisions: { some: { filterKey: key, verdict: "keep" as const } } };
  return key === LLM_PR_FILTER ? { pullRequest: kept } : kept;
}

/** Human instances through every screen in use: ready for annotators. */
export function throughEveryScreen(gate: ScreenGate): Prisma.InstanceWhereInput {
  return { source: "human", stage: "screened", AND: gatingScreens(gate).map(keptBy) };
}

/**
 * Human instances still on screening's side and not through every screen in use: candidates (the
 * rules have not decided them) and screened ones a content screen in use has not kept yet.
 */
export function notThroughEveryScreen(gate: ScreenGate): Prisma.InstanceWhereInput {
  const screens = gatingScreens(gate);
  return {
    source: "human",
    OR: [{ stage: "candidate" }, ...(screens.length > 0 ? [{ stage: "screened" as const, NOT: { AND: screens.map(keptBy) } }] : [])],
  };
}

/**
 * What assignment may take: instances already in annotation (topped up to the overlap) and those through
 * every screen in use, or, when the lead includes the rest, every instance still on screening's side.
 */
export function assignableWhere(gate: ScreenGate, includeUnscreened: boolean): Prisma.InstanceWhereInput {
  return {
    source: "human",
    OR: [{ stage: "annotating" }, includeUnscreened ? { stage: { in: ["screened", "candidate"] } } : throughEveryScreen(gate)],
  };
}

/** Human instances in annotation or past it that a content screen in use has not decided: included by a lead. */
function assignedBeforeScreened(gate: ScreenGate): Prisma.InstanceWhereInput {
  const screens = gatingScreens(gate);
  if (screens.length === 0) return { id: { in: [] } };
  const undecided = (key: LlmFilterKey): Prisma.InstanceWhereInput =>
    key === LLM_PR_FILTER
      ? { pullRequest: { filterDecisions: { none: { filterKey: key } } } }
      : { filterDecisions: { none: { filterKey: key } } };
  return { source: "human", stage: { in: ["annotating", ...DECIDED_STAGES] }, OR: screens.map(undecided) };
}

/** What the funnel says about the hand-off to annotation (stored with the screening overview, read back with this schema). */
export const ScreeningHandoffSchema = z.object({
  gate: ScreenGateSchema,
  /** through every screen in use, waiting for annotators */
  ready: z.number(),
  /** not through every screen in use yet */
  waiting: z.number(),
  /** given to annotators before a screen in use decided them (the lead included them) */
  assignedBeforeScreened: z.number(),
});
export type ScreeningHandoff = z.infer<typeof ScreeningHandoffSchema>;

/** What the funnel says about the hand-off to annotation. */
export async function loadScreeningHandoff(prisma: PrismaClient, options: { llmConfigured: boolean }): Promise<ScreeningHandoff> {
  const gate = await loadScreenGate(prisma, options);
  const [ready, waiting, early] = await Promise.all([
    prisma.instance.count({ where: throughEveryScreen(gate) }),
    prisma.instance.count({ where: notThroughEveryScreen(gate) }),
    prisma.instance.count({ where: assignedBeforeScreened(gate) }),
  ]);
  return { gate, ready, waiting, assignedBeforeScreened: early };
}

/** "the rule filters, LLM PR audit and LLM comment screen": what a comment must pass, in words. */
export function screensInWords(gate: ScreenGate): string {
  const names = ["the rule filters", ...gate.contentScreens.filter((s) => s.use !== "not_in_use").map((s) => s.label)];
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
