// Opens, migrates and (on a new embedded database, with DEMO_DATA=1) seeds the demo before the
// first request, so the first page view does not pay for PGlite's start-up. A server whose database
// cannot open (the embedded folder held by another process, PostgreSQL unreachable, a migration
// refused) would only answer 500s: it says why and exits instead. Then the job engine starts: with
// JOBS_IN_APP=1 (the default) it runs one worker in this process (lib/jobs/server-engine.ts).
// First of all, every request is stamped with its connection's peer address, which sign-in uses to
// keep one client's flood from crowding others out (lib/auth/peer-address.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const [{ stampPeerAddresses }, { refuseSignInFlood }, { config }, http, https] = await Promise.all([
      import("@/lib/auth/peer-address"),
      import("@/lib/auth/sign-in-gate"),
      import("@/lib/config"),
      import("node:http"),
      import("node:https"),
    ]);
    const { openDatabaseWithDemo } = await import("@/lib/demo/open-database-with-demo");
    try {
      stampPeerAddresses([http.Server, https.Server], refuseSignInFlood(config().TRUST_PROXY));
      await openDatabaseWithDemo();
      const { getJobEngine } = await import("@/lib/jobs/server-engine");
      await getJobEngine();
    } catch (e) {
      console.error(`\nThe workbench cannot start: ${e instanceof Error ? e.message : String(e)}\n`);
      if (!(e instanceof Error && e.name === "EmbeddedDatabaseBusyError")) console.error(e);
      process.exit(1);
    }
  }
}
