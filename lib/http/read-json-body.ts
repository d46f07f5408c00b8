import { ZodError } from "zod";
import { jsonProblem } from "@/lib/untrusted-json";
import { readLimitedText } from "./read-limited-text";
import { JSON_BODY_MAX_BYTES } from "./request-guard";

/**
 * The request body as JSON, read under maxBytes (a larger body, declared or streamed, is a 413
 * payload_too_large before or while it is read, never a truncated text answered "must be JSON"); a
 * body that is not JSON, nests deeper than any request does, or holds a NUL character becomes a
 * ZodError, so it maps to 422 like any bad field.
 */
export async function readJsonBody(request: Request, maxBytes = JSON_BODY_MAX_BYTES): Promise<unknown> {
  const text = await readLimitedText(request, maxBytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw bodyError("The body must be JSON.");
  }
  const problem = jsonProblem(body);
  if (problem !== null) throw bodyError(`The body is refused: ${problem}.`);
  return body;
}

const bodyError = (message: string) => new ZodError([{ code: "custom", path: [], message, input: undefined }]);
