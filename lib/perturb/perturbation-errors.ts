import { z } from "zod";

// One error type for the perturbation workflow, with a code the route layer maps to a status once.
export const perturbationErrorCodeSchema = z.enum([
  "not_found",
  "not_eligible",
  "invalid_perturbation",
  "duplicate",
  "already_verified",
  "already_decided",
  "invalid_edit",
  "llm_not_configured",
]);
export type PerturbationErrorCode = z.infer<typeof perturbationErrorCodeSchema>;

const STATUS: Record<PerturbationErrorCode, number> = {
  not_found: 404,
  not_eligible: 409,
  invalid_perturbation: 422,
  duplicate: 409,
  already_verified: 409,
  already_decided: 409,
  invalid_edit: 422,
  llm_not_configured: 503,
};

export class PerturbationError extends Error {
  readonly status: number;
  constructor(
    readonly code: PerturbationErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "PerturbationError";
    this.status = STATUS[code];
  }
}
