// The construction funnel (paper §2: 76,190 instances → rule filters → LLM screen → manual
// annotation → 764 true / 65 false, plus 370 verified perturbations), as this database has it.

export interface CardFunnelStep {
  label: string;
  count: number;
  /** what the step is, for the card; keeps the numbers readable without the paper at hand */
  note: string;
}

export interface FunnelCounts {
  repositoriesSelected: number;
  pullRequestsHarvested: number;
  pullRequestsKept: number;
  instancesCreated: number;
  droppedByRules: number;
  droppedByLlm: number;
  passedScreening: number;
  unsuitable: number;
  labelledTrustworthy: number;
  labelledUntrustworthy: number;
  perturbationsGenerated: number;
  perturbationsAccepted: number;
  exported: number;
  /** what came in by importing a release rather than through this database's steps (counted apart above) */
  imported?: { pullRequests: number; labelledTrustworthy: number; labelledUntrustworthy: number; perturbations: number };
}

export function funnelSteps(c: FunnelCounts): CardFunnelStep[] {
  return [
    { label: "Repositories selected", count: c.repositoriesSelected, note: "stars, PR count and recent activity" },
    { label: "Pull requests harvested", count: c.pullRequestsHarvested, note: "from the selected repositories" },
    { label: "Pull requests kept by screening", count: c.pullRequestsKept, note: "substantive, self-contained descriptions" },
    { label: "Review-comment instances", count: c.instancesCreated, note: "one per comment not written by the PR author" },
    { label: "Dropped by rule filters", count: c.droppedByRules, note: "bots, oversized patches, short or acknowledgement comments" },
    { label: "Dropped by LLM screening", count: c.droppedByLlm, note: "social, vague, duplicate or formatting-only comments" },
    { label: "Passed screening", count: c.passedScreening, note: "went to manual annotation" },
    { label: "Judged unsuitable", count: c.unsuitable, note: "cannot be assessed from the available context" },
    { label: "Labelled trustworthy", count: c.labelledTrustworthy, note: "final label after adjudication" },
    { label: "Labelled untrustworthy", count: c.labelledUntrustworthy, note: "final label after adjudication" },
    {
      label: "Perturbations generated",
      count: c.perturbationsGenerated,
      note: "negation, symbol and location edits of trustworthy comments",
    },
    { label: "Perturbations verified", count: c.perturbationsAccepted, note: "experts confirmed each is technically incorrect" },
    ...importedSteps(c.imported),
    { label: "Examples in this release", count: c.exported, note: "train + validation + test" },
  ];
}

/** Imported rows went through the release's own steps, not these: said apart, with where they came from. */
function importedSteps(imported: FunnelCounts["imported"]): CardFunnelStep[] {
  if (!imported || imported.pullRequests + imported.perturbations === 0) return [];
  const from = "imported from an existing release: screened, labelled and verified by its authors, not in this database";
  return [
    { label: "Pull requests imported", count: imported.pullRequests, note: from },
    { label: "Imported as trustworthy", count: imported.labelledTrustworthy, note: "the release's label" },
    { label: "Imported as untrustworthy", count: imported.labelledUntrustworthy, note: "the release's label" },
    { label: "Perturbations imported", count: imported.perturbations, note: "verified by the release's experts, not here" },
  ];
}
