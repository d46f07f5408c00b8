// Reading fields of an unknown value without casting it: what a catch block receives is unknown
// (an Error, Octokit's RequestError with a status, a Node error with a code, or anything thrown).

/** The message of an Error, or the value itself as text. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** An HTTP status the thrown value carries (Octokit's RequestError, fetch wrappers), if any. */
export function statusOf(e: unknown): number | undefined {
  return typeof e === "object" && e !== null && "status" in e && typeof e.status === "number" ? e.status : undefined;
}

/** A Node or library error code (ENOENT, ECONNRESET, 23505, …), if any. */
export function codeOf(e: unknown): string | undefined {
  return typeof e === "object" && e !== null && "code" in e && (typeof e.code === "string" || typeof e.code === "number")
    ? String(e.code)
    : undefined;
}

/** A plain object's fields, or null for anything else (arrays, null, primitives). */
export function fieldsOf(value: unknown): Record<string, unknown> | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  return Object.fromEntries(Object.entries(value));
}
