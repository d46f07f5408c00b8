import { ZodError } from "zod";
import { jsonProblem } from "@/lib/untrusted-json";

/**
 * The request body as JSON; a body that is not JSON, nests deeper than any request does, or holds a
 * NUL character becomes a ZodError, so it maps to 422 like any bad field.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw bodyError("The body must be JSON.");
  }
  const problem = jsonProblem(body);
  if (problem !== null) throw bodyError(`The body is refused: ${problem}.`);
  return body;
}

const bodyError = (message: string) => new ZodError([{ code: "custom", path: [], message, input: undefined }]);
