// Opens, migrates and (on a new embedded database) seeds the demo before the first request,
// so the first page view does not pay for PGlite's start-up.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getDb } = await import("@/lib/db/server");
    await getDb();
  }
}
