// Deep links survive sign-in: a signed-out visitor to /annotate/abc is sent to
// /sign-in?next=/annotate/abc and comes back there. `next` arrives from the address bar, so only a
// path on this server is followed (never //evil.example or https://…, which would make the sign-in
// page an open redirect).

/** The request header proxy.ts sets on every page request: the path and query the browser asked for. */
export const REQUEST_PATH_HEADER = "x-workbench-path";

/** A path on this server to return to after sign-in, or null for anything else. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2048) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // control characters (a newline could split a header) and backslashes (browsers read them as /)
  if (value.includes("\\") || [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return null;
  if (value === "/sign-in" || value.startsWith("/sign-in?") || value.startsWith("/sign-in/")) return null;
  try {
    // what the browser would resolve it to must stay on this origin
    const base = "http://workbench.invalid";
    if (new URL(value, base).origin !== base) return null;
  } catch {
    return null;
  }
  return value;
}

/** Where a signed-out visitor to `path` is sent. */
export function signInPathFor(path: string | null): string {
  const next = safeReturnPath(path);
  return next === null || next === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(next)}`;
}
