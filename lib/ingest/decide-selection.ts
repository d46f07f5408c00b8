import type { SelectionCriteria } from "./selection-criteria";

export interface RepositoryFacts {
  fullName: string;
  /** place in the stars ranking of the language search, 1-based */
  starRank: number | null;
  prCount: number;
  commitsInWindow: number;
  prsInWindow: number;
  /** GitHub answered NOT_FOUND: deleted, renamed or made private since the search */
  notFound?: boolean;
}

export interface SelectionDecision {
  status: "selected" | "rejected";
  reason: string;
}

const n = (x: number) => x.toLocaleString("en-US");
const prs = (x: number) => `${n(x)} PR${x === 1 ? "" : "s"}`;

/** Paper section 2: top N by stars, more than minPrs PRs, a commit or PR inside the window. */
export function decideSelection(repo: RepositoryFacts, criteria: SelectionCriteria): SelectionDecision {
  const window = `${criteria.activeFrom} and ${criteria.activeTo}`;
  if (repo.notFound) return { status: "rejected", reason: "not found on GitHub (deleted, renamed or made private)" };
  if (repo.starRank !== null && repo.starRank > criteria.top)
    return { status: "rejected", reason: `ranked #${n(repo.starRank)} by stars, outside the top ${n(criteria.top)}` };
  if (repo.prCount <= criteria.minPrs) return { status: "rejected", reason: `${prs(repo.prCount)} ≤ ${n(criteria.minPrs)} required` };
  if (repo.commitsInWindow === 0 && repo.prsInWindow === 0) return { status: "rejected", reason: `no commit or PR between ${window}` };
  const rank = repo.starRank === null ? "" : `; #${n(repo.starRank)} by stars`;
  return {
    status: "selected",
    reason: `${prs(repo.prCount)} > ${n(criteria.minPrs)}; ${n(repo.commitsInWindow)} commit${repo.commitsInWindow === 1 ? "" : "s"} and ${prs(repo.prsInWindow)} between ${window}${rank}`,
  };
}
