import { OVERVIEW_ROLES } from "@/lib/auth/page-access";
import type { Role } from "@/lib/auth/roles";

// who sees the overview, and why: lib/auth/page-access.ts
export { OVERVIEW_ROLES };

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
