// Maps the annotation stage's errors to HTTP responses, once, for every route handler:
// zod → 422 with the issues, not signed in → 401, wrong role → 403, AnnotateError → its status,
// repository errors → theirs; anything else is logged and answered with a generic 500.
import { ZodError } from "zod";
import { AccessDeniedError, NotSignedInError } from "@/lib/auth/roles";
import { AnnotateError } from "./annotate-error";
import { AppError } from "@/lib/errors";

export function errorResponse(e: unknown): Response {
  if (e instanceof ZodError) return Response.json({ error: "Invalid request.", code: "invalid_request", issues: e.issues }, { status: 422 });
  if (e instanceof NotSignedInError) return Response.json({ error: e.message, code: "not_signed_in" }, { status: 401 });
  if (e instanceof AccessDeniedError) return Response.json({ error: e.message, code: "forbidden" }, { status: 403 });
  if (e instanceof AnnotateError) return Response.json({ error: e.message, code: e.code }, { status: e.status });
  if (e instanceof AppError) return Response.json({ error: e.message, code: e.code, details: e.details }, { status: e.status });
  console.error("[annotate] unexpected error", e);
  return Response.json({ error: "Something went wrong on the server; the request was not completed.", code: "internal" }, { status: 500 });
}

/** Runs a handler and maps whatever it throws. */
export async function respond(handler: () => Promise<unknown>, status = 200): Promise<Response> {
  try {
    return Response.json(await handler(), { status });
  } catch (e) {
    return errorResponse(e);
  }
}
