import type { Role } from "@/lib/auth/roles";

// The overview counts every stage and every label value: a blind annotator watching those counts
// move would learn how a co-annotator labelled their shared instance, so annotators land on their
// queue instead.
export const OVERVIEW_ROLES: Role[] = ["admin", "adjudicator"];

// The pipeline, in order; each page checks its role on the server too.
export const STAGE_NAV: { href: string; label: string; roles: Role[] }[] = [
  { href: "/", label: "Overview", roles: OVERVIEW_ROLES },
  { href: "/ingest", label: "Ingest", roles: ["admin"] },
  { href: "/screen", label: "Screen", roles: ["admin"] },
  { href: "/annotate", label: "Annotate", roles: ["annotator", "adjudicator", "admin"] },
  { href: "/adjudicate", label: "Adjudicate", roles: ["adjudicator"] },
  { href: "/agreement", label: "Agreement", roles: ["admin", "adjudicator"] },
  { href: "/perturb", label: "Perturb", roles: ["admin", "annotator", "adjudicator"] },
  { href: "/splits", label: "Splits & export", roles: ["admin"] },
  { href: "/evaluate", label: "Evaluate", roles: ["admin"] },
];
