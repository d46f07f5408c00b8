// Loads released-format JSONL files into the database so an existing dataset can be inspected,
// re-split and re-exported (issue #7). Idempotent on natural keys: a repository by name, a PR by
// (repository, number), a timeline entry by sha or (kind, GitHub id), an instance by its entry
// (and, for a perturbation, its kind and edit). Files named for a split become an imported SplitRun.
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import type { LabelValue, SplitName } from "@/lib/db/enums";
import { mustGet } from "@/lib/must";
import { importedPatchKey } from "@/lib/snapshot/snapshot-key";
import { canonicalJson } from "./canonical-json";
import { sha256Hex } from "./build-manifest";
import { countEditedFiles, countEditedLines } from "./dataset-statistics";
import { writeImportLedger, type ImportLedger } from "./import-ledger";
import { parseReleasedJsonl, splitFromFileName } from "./parse-released-jsonl";
import { entryKey, planReleasedImport, type PlannedInstance, type PlannedPullRequest } from "./plan-released-import";
import type { ReleasedTimelineEntry } from "./released-row-schema";
import type { SplitRunParams } from "@/lib/split/split-run-params";
import { toReleasedEntry, type TimelineEntryRecord } from "./write-released-row";
import { recordAudit } from "@/lib/audit/record-audit";

/** How an imported repository's selection reason starts (the card counts these apart: load-card-context.ts). */
export const IMPORTED_SELECTION_REASON = "Imported from ";

export interface ImportInputFile {
  name: string;
  text: string;
  /** undefined: from the file name; null: no split */
  split?: SplitName | null;
}

export interface ImportResult {
  importKey: string;
  files: { name: string; split: SplitName | null; rows: number }[];
  rows: number;
  pullRequests: { created: number; reused: number };
  instances: { created: number; reused: number };
  splitRunId: string | null;
  warnings: string[];
}

type Tx = Prisma.TransactionClient;

interface Tally {
  prsCreated: number;
  prsReused: number;
  instancesCreated: number;
  instancesReused: number;
  warnings: string[];
  ledger: ImportLedger;
  /** Instance.id → split and label, for the imported SplitRun */
  assignments: Map<string, { split: SplitName | null; trustworthy: boolean }>;
}

const recordKey = (e: Pick<TimelineEntryRecord, "kind" | "sha" | "githubId">) =>
  e.kind === "commit" ? `commit:${e.sha}` : `${e.kind}:${e.githubId}`;

function entryData(pullRequestId: string, e: ReleasedTimelineEntry): Prisma.TimelineEntryCreateManyInput {
  const common = { pullRequestId, kind: e.type, createdAt: new Date(e.created_at) };
  if (e.type === "commit") return { ...common, sha: e.sha, authorName: e.user, body: e.message };
  return {
    ...common,
    githubId: BigInt(e.id),
    authorLogin: e.user,
    authorType: e.user === null ? null : /\[bot\]$/.test(e.user) ? "Bot" : "User",
    body: e.body,
    path: "review_path" in e ? e.review_path : null,
    diffHunk: "diff_hunk" in e ? e.diff_hunk : null,
    inReplyToId: "in_reply_to_id" in e ? BigInt(e.in_reply_to_id) : null,
    reviewState: "review_state" in e ? e.review_state : null,
  };
}

async function upsertPullRequest(tx: Tx, plan: PlannedPullRequest, sourceName: string, t: Tally) {
  const [owner, name] = plan.repo.split("/");
  const repository =
    (await tx.repository.findUnique({ where: { fullName: plan.repo } })) ??
    (await tx.repository.create({
      data: {
        owner,
        name,
        fullName: plan.repo,
        language: plan.language,
        selectionStatus: "selected",
        selectionReason: `${IMPORTED_SELECTION_REASON}${sourceName}`,
      },
    }));
  if ((repository.language ?? "") !== plan.language)
    t.warnings.push(`${plan.repo}: the database says language ${repository.language}, the file ${plan.language}; the database's is kept`);
  const existing = await tx.pullRequest.findUnique({
    where: { repositoryId_number: { repositoryId: repository.id, number: plan.number } },
  });
  if (existing) {
    t.prsReused += 1;
    const same =
      existing.title === plan.title && existing.body === plan.body && existing.baseSha === plan.baseSha && existing.patch === plan.patch;
    if (!same)
      t.warnings.push(
        `${plan.repo}#${plan.number} already exists with a different title, body, base commit or patch; the database's is kept`,
      );
    await tx.linkedIssue.createMany({ data: plan.issues.map((i) => ({ pullRequestId: existing.id, ...i })), skipDuplicates: true });
    return existing;
  }
  t.prsCreated += 1;
  const last =
    plan.timeline
      .map((e) => e.created_at)
      .sort()
      .at(-1) ?? plan.createdAt;
  return tx.pullRequest.create({
    data: {
      repositoryId: repository.id,
      number: plan.number,
      title: plan.title,
      body: plan.body,
      createdAt: new Date(plan.createdAt),
      updatedAt: new Date(last > plan.createdAt ? last : plan.createdAt),
      // the released format has no head sha; the base commit is what a judge checks out
      baseSha: plan.baseSha,
      headSha: "",
      patch: plan.patch,
      filesEdited: countEditedFiles(plan.patch),
      linesEdited: countEditedLines(plan.patch),
      commitsCount: plan.timeline.filter((e) => e.type === "commit").length,
      problemDomain: plan.problemDomain,
      screeningStatus: "kept",
      linkedIssues: { create: plan.issues },
    },
  });
}

/** The PR's timeline entries by key, creating the missing ones. */
async function upsertTimeline(tx: Tx, pullRequestId: string, plan: PlannedPullRequest, t: Tally): Promise<Map<string, string>> {
  const existing = await tx.timelineEntry.findMany({ where: { pullRequestId } });
  const ids = new Map(existing.map((e) => [recordKey(e), e]));
  const missing = plan.timeline.filter((e) => !ids.has(entryKey(e)));
  if (missing.length) {
    const created = await tx.timelineEntry.createManyAndReturn({ data: missing.map((e) => entryData(pullRequestId, e)) });
    for (const e of created) ids.set(recordKey(e), e);
  }
  for (const e of plan.timeline) {
    const stored = mustGet(ids, entryKey(e), "stored timeline entry");
    if (!missing.includes(e) && canonicalJson(toReleasedEntry(stored)) !== canonicalJson(e))
      t.warnings.push(`${plan.repo}#${plan.number}: the stored ${entryKey(e)} differs from the file's; the database's is kept`);
  }
  return new Map([...ids].map(([key, e]) => [key, e.id]));
}

type StoredInstance = Awaited<ReturnType<Tx["instance"]["findMany"]>>[number];

const perturbationKey = (targetEntryId: string, e: { kind: string; body: string | null; path: string | null; diffHunk: string | null }) =>
  canonicalJson([targetEntryId, e.kind, e.body, e.path, e.diffHunk]);
const storedPerturbationKey = (i: StoredInstance) =>
  perturbationKey(i.targetEntryId, {
    kind: i.perturbationKind ?? "",
    body: i.perturbedBody,
    path: i.perturbedPath,
    diffHunk: i.perturbedDiffHunk,
  });

/** Finds or creates the PR's instances with a few batched queries (PGlite is one session: keep the transaction short). */
async function upsertInstances(
  tx: Tx,
  pullRequestId: string,
  plan: PlannedPullRequest,
  entryIds: Map<string, string>,
  t: Tally,
): Promise<string[]> {
  const stored = await tx.instance.findMany({ where: { pullRequestId } });
  const humans = new Map(stored.filter((i) => i.source === "human").map((i) => [i.targetEntryId, i]));
  const perturbations = new Map(stored.filter((i) => i.source === "perturbation").map((i) => [storedPerturbationKey(i), i]));
  const entryOf = (p: PlannedInstance) => mustGet(entryIds, p.entryKey, "stored timeline entry");
  const label = (p: PlannedInstance): LabelValue => (p.trustworthy ? "trustworthy" : "untrustworthy");

  // human instances first, so perturbations can point at their parent
  const newHumans = new Map<string, PlannedInstance>();
  for (const p of plan.instances.filter((i) => !i.perturbation)) {
    const found = humans.get(entryOf(p));
    if (!found) newHumans.set(entryOf(p), p);
    else if (found.stage !== "labelled" || found.finalLabel === null)
      await tx.instance.update({ where: { id: found.id }, data: { stage: "labelled", finalLabel: label(p) } });
    else if (found.finalLabel !== label(p))
      t.warnings.push(`${p.instanceId}: the database labels it ${found.finalLabel}, the file ${label(p)}; the database's is kept`);
  }
  if (newHumans.size)
    for (const created of await tx.instance.createManyAndReturn({
      data: [...newHumans].map(([targetEntryId, p]) => ({
        pullRequestId,
        targetEntryId,
        source: "human" as const,
        stage: "labelled" as const,
        finalLabel: label(p),
      })),
    }))
      humans.set(created.targetEntryId, created);

  const newPerturbations = new Map<string, { p: PlannedInstance; perturbation: NonNullable<PlannedInstance["perturbation"]> }>();
  for (const p of plan.instances) {
    if (!p.perturbation) continue;
    const found = perturbations.get(perturbationKey(entryOf(p), p.perturbation));
    if (!found) newPerturbations.set(perturbationKey(entryOf(p), p.perturbation), { p, perturbation: p.perturbation });
    else if (found.verification !== "accepted")
      t.warnings.push(`${p.instanceId}: the database has this perturbation ${found.verification ?? "unverified"}; it stays so`);
  }
  if (newPerturbations.size)
    for (const created of await tx.instance.createManyAndReturn({
      data: [...newPerturbations.values()].map(({ p, perturbation }) => ({
        pullRequestId,
        targetEntryId: entryOf(p),
        parentId: humans.get(entryOf(p))?.id ?? null,
        source: "perturbation" as const,
        perturbationKind: perturbation.kind,
        perturbedBody: perturbation.body,
        perturbedPath: perturbation.path,
        perturbedDiffHunk: perturbation.diffHunk,
        verification: "accepted" as const,
        stage: "labelled" as const,
        finalLabel: "untrustworthy" as const,
      })),
    }))
      perturbations.set(storedPerturbationKey(created), created);

  t.instancesCreated += newHumans.size + newPerturbations.size;
  t.instancesReused += plan.instances.length - newHumans.size - newPerturbations.size;
  return plan.instances.map((p) => {
    const instance = p.perturbation ? perturbations.get(perturbationKey(entryOf(p), p.perturbation)) : humans.get(entryOf(p));
    if (!instance) throw new Error(`${p.instanceId}: neither found nor created while importing; nothing was imported`);
    return instance.id;
  });
}

/** Each row's own patch_to_review becomes its instance's snapshot (one row per distinct patch of the PR). */
async function attachRowPatches(tx: Tx, pullRequestId: string, plan: PlannedPullRequest, ids: string[], t: Tally) {
  const snapshotIds = new Map<string, string>();
  for (const patch of new Set(plan.instances.map((p) => p.patch))) {
    const key = importedPatchKey(patch);
    const row = await tx.patchSnapshot.upsert({
      where: { pullRequestId_key: { pullRequestId, key } },
      create: { pullRequestId, key, status: "exact", reason: "the released row's own patch_to_review", patch },
      update: {},
      select: { id: true },
    });
    snapshotIds.set(patch, row.id);
  }
  const current = new Map(
    (await tx.instance.findMany({ where: { id: { in: ids } }, select: { id: true, snapshotId: true } })).map((i) => [i.id, i.snapshotId]),
  );
  for (const [index, p] of plan.instances.entries()) {
    const id = ids[index];
    const snapshotId = snapshotIds.get(p.patch);
    if (id === undefined || snapshotId === undefined) continue;
    const now = current.get(id) ?? null;
    if (now === snapshotId) continue;
    if (now !== null) {
      t.warnings.push(`${p.instanceId}: the database judges it against another patch; the database's is kept`);
      continue;
    }
    await tx.instance.update({ where: { id }, data: { snapshotId } });
    current.set(id, snapshotId);
  }
}

async function importPullRequest(tx: Tx, plan: PlannedPullRequest, sourceName: string, t: Tally) {
  const pr = await upsertPullRequest(tx, plan, sourceName, t);
  const entryIds = await upsertTimeline(tx, pr.id, plan, t);
  t.ledger.timelines[pr.id] = plan.timeline.map((e) => mustGet(entryIds, entryKey(e), "stored timeline entry"));
  const ids = await upsertInstances(tx, pr.id, plan, entryIds, t);
  await attachRowPatches(tx, pr.id, plan, ids, t);
  plan.instances.forEach((p, index) => {
    const id = ids[index];
    if (t.assignments.has(id)) {
      t.warnings.push(`${p.instanceId}: the same instance as another row of the file; imported once`);
      return;
    }
    t.assignments.set(id, { split: p.split, trustworthy: p.trustworthy });
    t.ledger.instances[id] = { instanceId: p.instanceId, source: p.source, position: p.position };
  });
}

export async function importReleasedDataset(
  prisma: PrismaClient,
  inputs: readonly ImportInputFile[],
  options: { actorId?: string | null; maxLineBytes?: number } = {},
): Promise<ImportResult> {
  const files = inputs.map((f) =>
    parseReleasedJsonl(f.name, f.text, f.split === undefined ? splitFromFileName(f.name) : f.split, { maxLineBytes: options.maxLineBytes }),
  );
  const plan = planReleasedImport(files);
  const importKey = sha256Hex(
    files
      .map((f) => f.sha256)
      .sort()
      .join("\n"),
  ).slice(0, 16);
  const sourceName = files.map((f) => f.name).join(", ");
  const t: Tally = {
    prsCreated: 0,
    prsReused: 0,
    instancesCreated: 0,
    instancesReused: 0,
    warnings: [...plan.warnings],
    ledger: { files: files.map((f) => ({ name: f.name, sha256: f.sha256, rows: f.rows.length })), instances: {}, timelines: {} },
    assignments: new Map(),
  };
  const splitRunId = await prisma.$transaction(
    async (tx) => {
      for (const pr of plan.pullRequests) await importPullRequest(tx, pr, sourceName, t);
      await writeImportLedger(tx, importKey, t.ledger);
      await recordAudit(tx, {
        actorId: options.actorId ?? null,
        action: "dataset.import",
        subjectId: importKey,
        details: { files: t.ledger.files },
      });
      const assigned = [...t.assignments].flatMap(([id, a]) =>
        a.split === null ? [] : [{ instanceId: id, split: a.split, trustworthy: a.trustworthy }],
      );
      if (assigned.length === 0) return null;
      const counts = {
        train: { trustworthy: 0, untrustworthy: 0 },
        validation: { trustworthy: 0, untrustworthy: 0 },
        test: { trustworthy: 0, untrustworthy: 0 },
      };
      for (const a of assigned) counts[a.split][a.trustworthy ? "trustworthy" : "untrustworthy"] += 1;
      const params: SplitRunParams = {
        method: "imported",
        files: files.flatMap((f) => (f.split ? [{ name: f.name, split: f.split, rows: f.rows.length }] : [])),
        instances: assigned.length,
        pullRequests: plan.pullRequests.length,
        counts,
      };
      const run = await tx.splitRun.create({ data: { seed: 0, params } });
      await tx.splitAssignment.createMany({ data: assigned.map(({ instanceId, split }) => ({ splitRunId: run.id, instanceId, split })) });
      return run.id;
    },
    { timeout: 300_000, maxWait: 30_000 },
  );
  return {
    importKey,
    files: files.map((f) => ({ name: f.name, split: f.split, rows: f.rows.length })),
    rows: plan.rows,
    pullRequests: { created: t.prsCreated, reused: t.prsReused },
    instances: { created: t.instancesCreated, reused: t.instancesReused },
    splitRunId,
    warnings: t.warnings,
  };
}
