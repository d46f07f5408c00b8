// Maps the perturbation stage's errors to HTTP responses, once, for its route handlers:
// zod → 422 with the issues, not signed in → 401, wrong role → 403, PerturbationError → its
// status, an LLM failure → 502 with its actionable message; anything else is logged, generic 500.
import { ZodError } from "zod";
import { AccessDeniedError, NotSignedInError } from "@/lib/auth/roles";
import { LlmError } from "@/lib/llm/llm-error";
import { LlmNotConfiguredError } from "@/lib/llm/configured-llm";
import { PerturbationError } from "./perturbation-errors";

export function perturbationErrorResponse(e: unknown): Response {
  if (e instanceof ZodError) {
    const first = e.issues[0];
    return Response.json({ error: first ? first.message : "Invalid request.", code: "invalid_request", issues: e.issues }, { status: 422 });
  }
  if (e instanceof NotSignedInError) return Response.json({ error: e.message, code: "not_signed_in" }, { status: 401 });
  if (e instanceof AccessDeniedError) return Response.json({ error: e.message, code: "forbidden" }, { status: 403 });
  if (e instanceof PerturbationError) return Response.json({ error: e.message, code: e.code, ...e.details }, { status: e.status });
  if (e instanceof LlmNotConfiguredError) return Response.json({ error: e.message, code: "llm_not_configured" }, { status: 503 });
  if (e instanceof LlmError) return Response.json({ error: e.message, code: `llm_${e.code}` }, { status: 502 });
  console.error("[perturb] unexpected error", e);
  return Response.json({ error: "Something went wrong on the server; the request was not completed.", code: "internal" }, { status: 500 });
}

/** Runs a handler and maps whatever it throws. */
export async function respondPerturbation(handler: () => Promise<unknown>, status = 200): Promise<Response> {
  try {
    return Response.json(await handler(), { status });
  } catch (e) {
    return perturbationErrorResponse(e);
  }
}
