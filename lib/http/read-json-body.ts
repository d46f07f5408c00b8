import { ZodError } from "zod";

/** The request body as JSON; a body that is not JSON becomes a ZodError, so it maps to 422 like any bad field. */
export async function readJsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new ZodError([{ code: "custom", path: [], message: "The body must be JSON.", input: undefined }]);
  }
}
