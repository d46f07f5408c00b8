import { z } from "zod";

export const LlmErrorCode = z.enum([
  "unreachable",
  "unauthorized",
  "rate_limited",
  "timeout",
  "bad_response",
  "server_error",
]);
export type LlmErrorCode = z.infer<typeof LlmErrorCode>;

/**
 * The one error every LLM call throws. `message` is meant to be shown to the person running
 * the pipeline as-is, so it names the endpoint and the setting to check.
 */
export class LlmError extends Error {
  readonly code: LlmErrorCode;
  /** HTTP status of the last response, when there was one. */
  readonly status?: number;
  /** Number of HTTP requests made before giving up. */
  readonly attempts: number;

  constructor(
    code: LlmErrorCode,
    message: string,
    options: { status?: number; attempts?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "LlmError";
    this.code = code;
    this.status = options.status;
    this.attempts = options.attempts ?? 1;
  }
}

export function isLlmError(error: unknown): error is LlmError {
  return error instanceof LlmError;
}
