// Loads one split run's instances with everything the row writer needs, and writes its rows.
import { must, mustGet } from "@/lib/must";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import type { SplitName } from "@/lib/db/enums";
import { rowKey, type ReleasedRow } from "./released-row-schema";
import type { RowsBySplit } from "./dataset-statistics";
import { loadEligibleInstances } from "@/lib/split/eligible-instances";
import { notFound, unreadableSplit } from "./export-errors";
import { loadImportLedger } from "./import-ledger";
import { SplitRunParamsSchema, type SplitRunParams } from "@/lib/split/split-run-params";
import { judgedPatchOf } from "@/lib/snapshot/judged-patch";
import type { SourceNames } from "./export-conventions";
import { writeReleasedRow, type PerturbationInput, type RowSource } from "./write-released-row";
import { rememberImportedPosition } from "./serialize-jsonl";

export interface SplitRows {
  splitRun: { id: string; seed: number; createdAt: Date; params: SplitRunParams };
  rows: RowsBySplit;
  /** row key → Instance.id, for ExportItem rows */
  instanceOfRow: Map<string, string>;
  /** assigned instances that no longer have a final label (or were deleted) */
  stale: string[];
  /** eligible instances this run does not include (labelled after it was made) */
  notInRun: number;
}

const SNAPSHOT_FIELDS = { status: true, reason: true, commitSha: true, patch: true } as const;

/** what eligibility and perturbation ordinals read */
const INSTANCE_KEY_SELECT = {
  id: true,
  source: true,
  stage: true,
  finalLabel: true,
  verification: true,
  perturbationKind: true,
  targetEntryId: true,
  createdAt: true,
} as const;
type InstanceKey = Prisma.InstanceGetPayload<{ select: typeof INSTANCE_KEY_SELECT }>;
type LoadedInstance = Awaited<ReturnType<typeof loadInstances>>[number];

function loadInstances(prisma: PrismaClient, ids: string[]) {
  return prisma.instance.findMany({
    where: { id: { in: ids } },
    select: {
      ...INSTANCE_KEY_SELECT,
      perturbedBody: true,
      perturbedPath: true,
      perturbedDiffHunk: true,
      pullRequestId: true,
      snapshot: { select: SNAPSHOT_FIELDS },
      parent: { select: { snapshot: { select: SNAPSHOT_FIELDS } } },
    },
  });
}

const isEligible = (i: InstanceKey) =>
  i.source === "human"
    ? i.stage === "labelled" && (i.finalLabel === "trustworthy" || i.finalLabel === "untrustworthy")
    : i.verification === "accepted" && i.perturbationKind !== null;

/**
 * 1-based ordinal of each perturbation among the run's perturbations of the same entry and kind; null for
 * the only one of its kind (its instance_id then carries no number, as the release's do).
 */
function perturbationOrdinals(instances: readonly InstanceKey[]): Map<string, number | null> {
  const groups = new Map<string, InstanceKey[]>();
  for (const i of instances) {
    if (i.source !== "perturbation") continue;
    const key = `${i.targetEntryId}:${i.perturbationKind}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  }
  const ordinals = new Map<string, number | null>();
  for (const members of groups.values())
    members
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .forEach((m, index) => {
        ordinals.set(m.id, members.length === 1 ? null : index + 1);
      });
  return ordinals;
}

/** `sourceNames`: the export's chosen `source` words; absent, rows use the release's (imported rows their own). */
export async function loadSplitRows(prisma: PrismaClient, splitRunId: string, sourceNames?: SourceNames): Promise<SplitRows> {
  const run = await prisma.splitRun.findUnique({
    where: { id: splitRunId },
    include: { assignments: { select: { instanceId: true, split: true } } },
  });
  if (!run) throw notFound(`Split ${splitRunId}`);
  const parsed = SplitRunParamsSchema.safeParse(run.params);
  if (!parsed.success) throw unreadableSplit(splitRunId);
  const params = parsed.data;
  const assigned = new Map(run.assignments.map((a) => [a.instanceId, a.split]));
  const instances = await loadInstances(prisma, [...assigned.keys()]);
  const found = new Set(instances.map((i) => i.id));
  const stale = [...assigned.keys()].filter((id) => !found.has(id));
  stale.push(...instances.filter((i) => !isEligible(i)).map((i) => i.id));
  const usable = instances.filter(isEligible);

  const { rows, instanceOfRow } = await writeRows(prisma, usable, perturbationOrdinals(usable), assigned, sourceNames);
  const notInRun = (await loadEligibleInstances(prisma)).filter((e) => !assigned.has(e.id)).length;
  return { splitRun: { id: run.id, seed: run.seed, createdAt: run.createdAt, params }, rows, instanceOfRow, stale, notInRun };
}

/** The rows of these instances (eligible ones), each in its assigned split. */
async function writeRows(
  prisma: PrismaClient,
  usable: readonly LoadedInstance[],
  ordinals: Map<string, number | null>,
  assigned: Map<string, SplitName>,
  sourceNames: SourceNames | undefined,
): Promise<Pick<SplitRows, "rows" | "instanceOfRow">> {
  const pullRequests = await prisma.pullRequest.findMany({
    where: { id: { in: [...new Set(usable.map((i) => i.pullRequestId))] } },
    include: {
      repository: { select: { fullName: true, language: true } },
      linkedIssues: { select: { number: true, title: true, body: true } },
      timeline: true,
    },
  });
  const prById = new Map(pullRequests.map((pr) => [pr.id, pr]));
  const ledger = await loadImportLedger(prisma);

  const rows: RowsBySplit = { train: [], validation: [], test: [] };
  const instanceOfRow = new Map<string, string>();
  for (const i of usable) {
    const pr = mustGet(prById, i.pullRequestId, "pull request");
    const perturbation: PerturbationInput | null =
      i.source === "perturbation"
        ? {
            kind: must(i.perturbationKind, `the kind of perturbation ${i.id}`),
            ordinal: mustGet(ordinals, i.id, "perturbation ordinal"),
            body: i.perturbedBody,
            path: i.perturbedPath,
            diffHunk: i.perturbedDiffHunk,
          }
        : null;
    const source: RowSource = {
      repository: pr.repository,
      // each row carries the code its comment was written on (perturbed copies: their parent's snapshot)
      pullRequest: {
        number: pr.number,
        title: pr.title,
        body: pr.body,
        createdAt: pr.createdAt,
        baseSha: pr.baseSha,
        patch: judgedPatchOf(i.snapshot ?? i.parent?.snapshot ?? null, pr.patch, pr.headSha).patch,
        problemDomain: pr.problemDomain,
      },
      linkedIssues: pr.linkedIssues,
      timeline: pr.timeline,
      timelineOrder: ledger.timelines.get(pr.id) ?? null,
      targetEntryId: i.targetEntryId,
      trustworthy: i.source === "human" && i.finalLabel === "trustworthy",
      source: i.source,
      perturbation,
      released: ledger.instances.get(i.id) ?? null,
    };
    const row: ReleasedRow = writeReleasedRow(source, sourceNames);
    const position = ledger.instances.get(i.id)?.position;
    if (position !== undefined) rememberImportedPosition(row, position);
    rows[mustGet(assigned, i.id, "split assignment")].push(row);
    instanceOfRow.set(rowKey(row), i.id);
  }

  return { rows, instanceOfRow };
}

/**
 * The rows of a few instances of a split run (a judge trajectory page's one task), without writing the
 * run's other rows: a perturbation keeps the ordinal it has among the run's perturbations of its entry.
 * Instances not in the run, or no longer eligible, have no row.
 */
export async function loadSplitRowsFor(
  prisma: PrismaClient,
  splitRunId: string,
  instanceIds: readonly string[],
  sourceNames?: SourceNames,
): Promise<Pick<SplitRows, "rows" | "instanceOfRow">> {
  const assignments = await prisma.splitAssignment.findMany({
    where: { splitRunId, instanceId: { in: [...instanceIds] } },
    select: { instanceId: true, split: true },
  });
  const assigned = new Map(assignments.map((a) => [a.instanceId, a.split]));
  const usable = (await loadInstances(prisma, [...assigned.keys()])).filter(isEligible);
  const perturbed = usable.filter((i) => i.source === "perturbation");
  // the ordinal counts the run's eligible perturbations of the same entry and kind
  const siblings = perturbed.length
    ? await prisma.instance.findMany({
        where: {
          source: "perturbation",
          targetEntryId: { in: [...new Set(perturbed.flatMap((i) => (i.targetEntryId ? [i.targetEntryId] : [])))] },
          splitAssignments: { some: { splitRunId } },
        },
        select: INSTANCE_KEY_SELECT,
      })
    : [];
  const ordinals = perturbationOrdinals(siblings.filter(isEligible));
  return writeRows(prisma, usable, ordinals, assigned, sourceNames);
}
