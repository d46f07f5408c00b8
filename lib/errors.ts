// One error type for the whole workbench. Every failure a user can act on is an AppError with a
// code from this list; the code fixes the HTTP status (lib/http maps it once, for every route
// handler and server action), the message says what to do, and details carry what a caller may
// show or test (never secrets). Anything thrown that is not an AppError is a bug: it is logged with
// an id and answered with a generic 500.
import { z } from "zod";

export const AppErrorCodeSchema = z.enum([
  // request and access
  "invalid_input",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "busy",
  "cancelled",
  "rate_limited",
  "payload_too_large",
  "unsupported_media_type",
  // annotation
  "not_assigned",
  "annotation_closed",
  "not_adjudicating",
  "already_adjudicated",
  "own_instance",
  "timeline_locked",
  "blind",
  "no_annotators",
  "confirmation_required",
  // perturbation
  "not_eligible",
  "duplicate",
  "already_verified",
  "already_decided",
  "invalid_edit",
  "invalid_perturbation",
  // splits, exports, evaluation
  "nothing_to_split",
  "stale_split",
  "unreadable_file",
  "integrity_error",
  // repositories and git
  "mirror_missing",
  "commit_missing",
  "patch_does_not_apply",
  "git_failed",
  // services we call, and their configuration
  "not_configured",
  "llm_unavailable",
  "upstream_error",
  "internal",
]);
export type AppErrorCode = z.infer<typeof AppErrorCodeSchema>;

const HTTP_STATUS: Record<AppErrorCode, number> = {
  invalid_input: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  busy: 409,
  cancelled: 409,
  rate_limited: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
  not_assigned: 403,
  annotation_closed: 409,
  not_adjudicating: 409,
  already_adjudicated: 409,
  own_instance: 403,
  timeline_locked: 403,
  blind: 403,
  no_annotators: 409,
  confirmation_required: 409,
  not_eligible: 409,
  duplicate: 409,
  already_verified: 409,
  already_decided: 409,
  invalid_edit: 422,
  invalid_perturbation: 422,
  nothing_to_split: 409,
  stale_split: 409,
  unreadable_file: 422,
  integrity_error: 409,
  mirror_missing: 404,
  commit_missing: 404,
  patch_does_not_apply: 409,
  git_failed: 500,
  not_configured: 503,
  llm_unavailable: 503,
  upstream_error: 502,
  internal: 500,
};

export type AppErrorDetails = Record<string, unknown>;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details: AppErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "AppError";
    this.status = HTTP_STATUS[code];
  }
}

/**
 * Whether a thrown value is an AppError (with this code, when given), recognised by its name and code,
 * not by class identity: Next bundles this module more than once (instrumentation, which starts the job
 * engine, and each route's bundle), so an AppError thrown by the engine is an instance of another copy
 * of the class, and `instanceof` said no (issue #45 H: DELETE /api/jobs/<unknown id> answered 500).
 */
export function isAppError(e: unknown, code?: AppErrorCode): e is AppError {
  if (!(e instanceof Error) || e.name !== "AppError" || !("code" in e)) return false;
  const known = AppErrorCodeSchema.safeParse(e.code);
  return known.success && (code === undefined || known.data === code);
}

/** The HTTP status of an AppError's code (from this copy's table, whichever copy threw it). */
export function statusOfCode(code: AppErrorCode): number {
  return HTTP_STATUS[code];
}
