// Before a server that starts without the demo (appSetup.demo false): the demo's team (its logins and
// password, so e2e/helpers.ts signs in as usual) and nothing else, made by the demo's own first stage,
// so a spec on crawled data meets no demo decision (the demo's LLM PR audit would put that
// screen in use for every pull request). Run by e2e/fixtures.ts with the server's environment.
import { config } from "@/lib/config";
import { databaseTargetOf, openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { DEMO_USERS, seedDemoTeam } from "@/lib/demo/seed-demo";

const db = await openDatabase(databaseTargetOf(config()));
try {
  await migrate(db);
  await seedDemoTeam(db.prisma);
  console.log(JSON.stringify({ team: DEMO_USERS.map((u) => u.login) }));
} finally {
  await db.close();
}
