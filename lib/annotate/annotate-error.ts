// One error type for the annotation stage, with a code per failure a caller can act on and the
// HTTP status each maps to (route handlers map it once, in http-response.ts).
import { z } from "zod";

export const AnnotateErrorCodeSchema = z.enum([
  "instance_not_found",
  "not_assigned",
  "annotation_closed",
  "not_adjudicating",
  "already_adjudicated",
  "own_instance",
  "timeline_locked",
  "blind",
  "no_annotators",
]);
export type AnnotateErrorCode = z.infer<typeof AnnotateErrorCodeSchema>;

const STATUS: Record<AnnotateErrorCode, number> = {
  instance_not_found: 404,
  not_assigned: 403,
  annotation_closed: 409,
  not_adjudicating: 409,
  already_adjudicated: 409,
  own_instance: 403,
  timeline_locked: 403,
  blind: 403,
  no_annotators: 409,
};

export class AnnotateError extends Error {
  readonly status: number;
  constructor(readonly code: AnnotateErrorCode, message: string) {
    super(message);
    this.name = "AnnotateError";
    this.status = STATUS[code];
  }
}
