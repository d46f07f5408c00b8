import type { Role } from "@/lib/auth/roles";

// The pipeline, in order; each page checks its role on the server too.
export const STAGE_NAV: { href: string; label: string; roles: Role[] }[] = [
  { href: "/", label: "Overview", roles: [] },
  { href: "/ingest", label: "Ingest", roles: ["admin"] },
  { href: "/annotate", label: "Annotate", roles: ["annotator", "adjudicator", "admin"] },
];
