// Which pages each role may open, in one table, and where a person lands: the sign-in's `next`, the
// header's home link, the forbidden and error pages read it, so no link or redirect sends a reader to
// a page that answers "Not allowed". Every page still checks its role on the server (requirePageRole);
// page-access.test.ts reads each page's check and fails when this table says otherwise.
import type { Role } from "@/lib/db/enums";
import { hasRole, type SessionUser } from "./roles";

// The overview counts every stage and every label value: a blind annotator watching those counts
// move would learn how a co-annotator labelled their shared instance, so annotators land on their
// queue instead (and a lead who has labelling of their own open does too, see homePathOf).
export const OVERVIEW_ROLES: Role[] = ["admin", "adjudicator"];

const LEADS: Role[] = ["admin", "adjudicator"];
const EVERY_ROLE: Role[] = ["annotator", "adjudicator", "admin"];

/**
 * The roles that open each page ([segment] matches any one path segment). "public": no sign-in
 * needed. The overview lets every signed-in user in and sends those without OVERVIEW_ROLES on.
 */
export const PAGE_ROLES: Record<string, Role[] | "public"> = {
  "/": OVERVIEW_ROLES,
  "/sign-in": "public",
  "/forbidden": "public",
  "/ingest": ["admin"],
  "/screen": ["admin"],
  "/screen/rules": ["admin"],
  "/screen/manual": ["admin"],
  "/screen/dropped": ["admin"],
  "/screen/audit/[sampleId]": EVERY_ROLE,
  "/screen/audit/[sampleId]/[itemId]": EVERY_ROLE,
  "/annotate": EVERY_ROLE,
  "/annotate/team": ["admin"],
  "/annotate/[instanceId]": EVERY_ROLE,
  "/adjudicate": ["adjudicator"],
  "/adjudicate/[instanceId]": ["adjudicator"],
  "/agreement": LEADS,
  "/perturb": ["admin", "adjudicator", "annotator"],
  "/perturb/[instanceId]": ["admin", "adjudicator", "annotator"],
  "/perturb/generate/[parentId]": LEADS,
  "/splits": ["admin"],
  "/splits/[splitRunId]": ["admin"],
  "/splits/exports/[exportId]": ["admin"],
  "/evaluate": ["admin"],
  "/evaluate/judge": ["admin"],
  "/evaluate/judge/[runId]": LEADS,
  "/evaluate/judge/[runId]/[taskId]": LEADS,
  "/evaluate/supervision": LEADS,
  "/evaluate/supervision/[runId]": LEADS,
};

const segmentsOf = (path: string) => path.split("/").filter(Boolean);

/** The page a path opens (its PAGE_ROLES key), or null for a path that is no page of ours. */
export function pageOf(path: string): string | null {
  const wanted = segmentsOf(path.split(/[?#]/)[0]);
  // a literal segment beats a [parameter] (/annotate/team before /annotate/[instanceId])
  let best: { page: string; literals: number } | null = null;
  for (const page of Object.keys(PAGE_ROLES)) {
    const pattern = segmentsOf(page);
    if (pattern.length !== wanted.length) continue;
    if (!pattern.every((p, i) => p.startsWith("[") || p === decodeURIComponentSafe(wanted[i]))) continue;
    const literals = pattern.filter((p) => !p.startsWith("[")).length;
    if (!best || literals > best.literals) best = { page, literals };
  }
  return best?.page ?? null;
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Whether the user may open the page at `path` (a path that is no page of ours answers 404 to anyone: true). */
export function mayOpen(user: Pick<SessionUser, "roles">, path: string): boolean {
  const page = pageOf(path);
  if (page === null) return true;
  const roles = PAGE_ROLES[page];
  return roles === "public" || hasRole(user, ...roles);
}

/**
 * Where a person starts: the overview for a lead with no labelling of their own open, else their queue.
 * A lead who also annotates and still has items to label starts on the queue: that is their work, and the
 * overview's label totals would tell them how co-annotators labelled the items they share.
 */
export function homePathOf(user: Pick<SessionUser, "roles">, openLabelling: number): "/" | "/annotate" {
  return hasRole(user, ...OVERVIEW_ROLES) && openLabelling === 0 ? "/" : "/annotate";
}

/** The home link's words for that start page. */
export function homeLinkWords(home: "/" | "/annotate"): string {
  return home === "/" ? "Back to the overview" : "Back to your queue";
}

/** Where sign-in sends a person: the page they asked for when their role opens it, else their start page. */
export function landingPathOf(user: Pick<SessionUser, "roles">, next: string | null, openLabelling: number): string {
  return next !== null && mayOpen(user, next) ? next : homePathOf(user, openLabelling);
}

/** Whether the overview may show label totals (how many of each value) to a person with this much labelling open. */
export function maySeeLabelTotals(openLabelling: number): boolean {
  return openLabelling === 0;
}
