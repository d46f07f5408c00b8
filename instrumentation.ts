// Opens, migrates and (on a new embedded database, with DEMO_DATA=1) seeds the demo before the
// first request, so the first page view does not pay for PGlite's start-up.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { openDatabaseWithDemo } = await import("@/lib/demo/open-database-with-demo");
    await openDatabaseWithDemo();
  }
}
