// The numbers the dataset card reports, computed from the rows themselves so they describe
// exactly what was written (and work the same for an imported dataset).
import { PERTURBATION_KINDS as PERTURBATION_KIND_NAMES, SPLIT_NAMES, type SplitName } from "@/lib/db/enums";
import { judgedEntryOf, type ReleasedPerturbationKind, type ReleasedRow } from "./released-row-schema";
import { countReleasedPatch } from "@/lib/patch/released-patch";

export const SPLITS = SPLIT_NAMES;
export type { SplitName };
export type RowsBySplit = Record<SplitName, ReleasedRow[]>;

export const PERTURBATION_KINDS: readonly ReleasedPerturbationKind[] = PERTURBATION_KIND_NAMES;

export interface SplitCounts {
  trustworthy: number;
  untrustworthy: number;
  total: number;
  pullRequests: number;
  perturbations: number;
}

export interface MeanMax {
  mean: number;
  max: number;
}

/** Paper Table 1: per-instance attributes of the PR text, patch, review comment and PR context. */
export interface InstanceAttributes {
  titleWords: MeanMax;
  bodyWords: MeanMax;
  linesEdited: MeanMax;
  filesEdited: MeanMax;
  commentWords: MeanMax;
  commits: MeanMax;
}

export interface RepositoryCounts {
  repo: string;
  language: string;
  pullRequests: number;
  trustworthy: number;
  untrustworthy: number;
  total: number;
  bySplit: Record<SplitName, number>;
}

export interface DatasetStatistics {
  splits: Record<SplitName, SplitCounts> & { all: SplitCounts };
  perturbations: Record<ReleasedPerturbationKind, number> & { bySplit: Record<SplitName, Record<ReleasedPerturbationKind, number>> };
  attributes: InstanceAttributes;
  repositories: RepositoryCounts[];
  /** the `source` words the rows use, each with its row count; human-annotated rows first */
  sources: SourceCount[];
  /** pull requests (owner/repo#number) with rows in more than one split: none from a split made here; an import can bring them */
  crossSplitPullRequests: string[];
}

/** "N pull request(s) ha(s|ve) rows in more than one split, as imported (first ten…)": the card and the export's warning. */
export function crossSplitSentence(crossing: readonly string[]): string {
  const n = crossing.length;
  return (
    `${n.toLocaleString("en-US")} pull request${n === 1 ? " has" : "s have"} rows in more than one split, ` +
    `as imported (${crossing.slice(0, 10).join(", ")}${n > 10 ? ", …" : ""})`
  );
}

/** Pull requests whose rows sit in more than one split, sorted. */
function crossSplitPullRequests(bySplit: RowsBySplit): string[] {
  const splitsOf = new Map<string, Set<SplitName>>();
  for (const s of SPLITS) for (const r of bySplit[s]) splitsOf.set(prKey(r), (splitsOf.get(prKey(r)) ?? new Set()).add(s));
  return [...splitsOf]
    .filter(([, s]) => s.size > 1)
    .map(([k]) => k)
    .sort();
}

export interface SourceCount {
  source: string;
  perturbed: boolean;
  rows: number;
}

function sourceCounts(rows: readonly ReleasedRow[]): SourceCount[] {
  const counts = new Map<string, SourceCount>();
  for (const row of rows) {
    const perturbed = row.perturbation_kind !== undefined;
    const key = `${perturbed ? 1 : 0}:${row.source}`;
    const entry = counts.get(key) ?? { source: row.source, perturbed, rows: 0 };
    entry.rows += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].sort(
    (a, b) => Number(a.perturbed) - Number(b.perturbed) || (a.source < b.source ? -1 : a.source > b.source ? 1 : 0),
  );
}

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Added plus deleted lines of a released patch. */
export function countEditedLines(patch: string): number {
  const { additions, deletions } = countReleasedPatch(patch);
  return additions + deletions;
}

export const countEditedFiles = (patch: string) => countReleasedPatch(patch).files;

const prKey = (row: ReleasedRow) => `${row.repo}#${row.pull_request.pull_number}`;

function meanMax(values: number[]): MeanMax {
  if (values.length === 0) return { mean: 0, max: 0 };
  return { mean: values.reduce((a, b) => a + b, 0) / values.length, max: Math.max(...values) };
}

function splitCounts(rows: readonly ReleasedRow[]): SplitCounts {
  const trustworthy = rows.filter((r) => r.trustworthy).length;
  return {
    trustworthy,
    untrustworthy: rows.length - trustworthy,
    total: rows.length,
    pullRequests: new Set(rows.map(prKey)).size,
    perturbations: rows.filter((r) => r.perturbation_kind !== undefined).length,
  };
}

function kindCounts(rows: readonly ReleasedRow[]): Record<ReleasedPerturbationKind, number> {
  const out = { negation: 0, symbol: 0, location: 0 };
  for (const r of rows) if (r.perturbation_kind) out[r.perturbation_kind] += 1;
  return out;
}

function instanceAttributes(rows: readonly ReleasedRow[]): InstanceAttributes {
  return {
    titleWords: meanMax(rows.map((r) => countWords(r.pull_request.title))),
    bodyWords: meanMax(rows.map((r) => countWords(r.pull_request.body))),
    linesEdited: meanMax(rows.map((r) => countEditedLines(r.pull_request.patch_to_review))),
    filesEdited: meanMax(rows.map((r) => countEditedFiles(r.pull_request.patch_to_review))),
    commentWords: meanMax(rows.map((r) => countWords(judgedEntryOf(r).body))),
    commits: meanMax(rows.map((r) => r.code_review.filter((e) => e.type === "commit").length)),
  };
}

function repositoryCounts(bySplit: RowsBySplit): RepositoryCounts[] {
  const repos = new Map<string, RepositoryCounts & { prs: Set<string> }>();
  for (const split of SPLITS)
    for (const row of bySplit[split]) {
      let r = repos.get(row.repo);
      if (!r) {
        r = {
          repo: row.repo,
          language: row.language,
          pullRequests: 0,
          trustworthy: 0,
          untrustworthy: 0,
          total: 0,
          bySplit: { train: 0, validation: 0, test: 0 },
          prs: new Set(),
        };
        repos.set(row.repo, r);
      }
      r.prs.add(prKey(row));
      r.total += 1;
      r.bySplit[split] += 1;
      if (row.trustworthy) r.trustworthy += 1;
      else r.untrustworthy += 1;
    }
  // Paper Fig. 3 orders repositories by instance count
  return [...repos.values()]
    .map(({ prs, ...r }) => ({ ...r, pullRequests: prs.size }))
    .sort((a, b) => b.total - a.total || (a.repo < b.repo ? -1 : 1));
}

export function datasetStatistics(bySplit: RowsBySplit): DatasetStatistics {
  const all = SPLITS.flatMap((s) => bySplit[s]);
  return {
    splits: {
      train: splitCounts(bySplit.train),
      validation: splitCounts(bySplit.validation),
      test: splitCounts(bySplit.test),
      all: splitCounts(all),
    },
    perturbations: {
      ...kindCounts(all),
      bySplit: { train: kindCounts(bySplit.train), validation: kindCounts(bySplit.validation), test: kindCounts(bySplit.test) },
    },
    attributes: instanceAttributes(all),
    repositories: repositoryCounts(bySplit),
    sources: sourceCounts(all),
    crossSplitPullRequests: crossSplitPullRequests(bySplit),
  };
}
