// Maps what a server action's work returned or threw to the FormState its form shows (pure; the
// server-side wrapper is lib/http/form-action.ts).
import { randomBytes } from "node:crypto";
import { ZodError } from "zod";
import { AppError, isAppError } from "@/lib/errors";
import { describeIssues } from "./error-response";
import type { FormState } from "./form-state";

/** What the work may return: a state, a success message, or nothing (e.g. it redirected). */
export type FormActionResult<D> = FormState<D> | string | undefined;

/**
 * The form a server action was given. Next passes (previous state, FormData) to a form's action; a
 * hand-made call that leaves out the state argument (or sends no form) is the caller's mistake, answered
 * as invalid input (422), not a crash logged as a bug.
 */
export function formDataArgument(value: unknown): FormData {
  if (value instanceof FormData) return value;
  throw new AppError(
    "invalid_input",
    "This action takes a form: send the form's previous state, then its fields as multipart/form-data (as the workbench's pages do).",
  );
}

/** Maps whatever the work threw to a failed state (pure, for tests and for formAction). */
export function failedState(e: unknown, scope = "action"): FormState<never> {
  if (e instanceof ZodError) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of e.issues) {
      const key = issue.path.join(".") || "form";
      fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
    }
    return { ok: false, code: "invalid_input", error: e.issues[0]?.message ?? describeIssues(e), fieldErrors };
  }
  if (isAppError(e)) {
    const details = Object.keys(e.details).length ? e.details : undefined;
    return { ok: false, code: e.code, error: e.message, ...(details ? { details } : {}) };
  }
  const id = randomBytes(4).toString("hex");
  console.error(`[${scope}] unexpected error ${id}`, e);
  return { ok: false, code: "internal", error: `Something went wrong on the server; nothing was changed (error id ${id}).` };
}

export function succeededState<D>(result: FormActionResult<D>): FormState<D> {
  if (result === undefined) return { ok: true };
  if (typeof result === "string") return { ok: true, message: result };
  return { ok: result.ok ?? result.error === undefined, ...result };
}
