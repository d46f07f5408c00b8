// Maps this stage's errors to HTTP answers, once, for its route handlers and server actions:
// zod → 422 with the issues, not signed in → 401, wrong role → 403, the stage's typed errors →
// their own status; anything else is logged and answered with a generic 500.
import { ZodError } from "zod";
import { AccessDeniedError, NotSignedInError } from "@/lib/auth/roles";
import { SplitInputError } from "@/lib/split/group-schema";

export interface ErrorAnswer {
  status: number;
  error: string;
  issues?: unknown;
}

export function exportErrorAnswer(e: unknown): ErrorAnswer {
  if (e instanceof ZodError) return { status: 422, error: e.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; "), issues: e.issues };
  if (e instanceof NotSignedInError || e instanceof AccessDeniedError) return { status: e.status, error: e.message };
  if (e instanceof SplitInputError) return { status: 422, error: e.message };
  if (e instanceof Error && "status" in e && typeof e.status === "number") return { status: e.status, error: e.message };
  console.error("[export] unexpected error", e);
  return { status: 500, error: "Something went wrong on the server; nothing was changed. The server log has the details." };
}

export function exportErrorResponse(e: unknown): Response {
  const { status, ...body } = exportErrorAnswer(e);
  return Response.json(body, { status });
}
