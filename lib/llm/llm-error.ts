import { z } from "zod";
import { AppError, isAppError } from "@/lib/errors";

export const LlmErrorCode = z.enum(["unreachable", "unauthorized", "rate_limited", "timeout", "bad_response", "server_error"]);
export type LlmErrorCode = z.infer<typeof LlmErrorCode>;

/** What went wrong with an LLM call, carried in the AppError's details. */
export interface LlmFailure {
  reason: LlmErrorCode;
  /** HTTP status of the last response, when there was one */
  status?: number;
  /** HTTP requests made before giving up */
  attempts: number;
}

/** An LLM call that failed: an AppError (upstream_error, 502) whose details say why and how often it was tried. */
export type LlmError = AppError & { details: LlmFailure };

const LlmFailureSchema = z.object({ reason: LlmErrorCode, status: z.number().optional(), attempts: z.number() });

/**
 * The one error every LLM call throws. `message` is meant to be shown to the person running the
 * pipeline as-is, so it names the endpoint and the setting to check.
 */
export function llmError(
  reason: LlmErrorCode,
  message: string,
  options: { status?: number; attempts?: number; cause?: unknown } = {},
): LlmError {
  const details: LlmFailure = {
    reason,
    attempts: options.attempts ?? 1,
    ...(options.status === undefined ? {} : { status: options.status }),
  };
  const error = new AppError("upstream_error", message, { ...details }, options.cause === undefined ? undefined : { cause: options.cause });
  return Object.assign(error, { details });
}

export function isLlmError(error: unknown): error is LlmError {
  return isAppError(error, "upstream_error") && LlmFailureSchema.safeParse(error.details).success;
}
