// Before a server that starts without the demo (appSetup.demo false): the demo's team (its logins and
// password, so e2e/helpers.ts signs in as usual) and nothing else, created with the product's own
// saveUser, so a spec on crawled data meets no demo decision (the demo's LLM PR audit would put that
// screen in use for every pull request). Run by e2e/fixtures.ts with the server's environment.
import { saveUser } from "@/lib/auth/save-user";
import { config } from "@/lib/config";
import { databaseTargetOf, openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { DEMO_PASSWORD, DEMO_USERS } from "@/lib/demo/seed-demo";

const db = await openDatabase(databaseTargetOf(config()));
try {
  await migrate(db);
  for (const user of DEMO_USERS) await saveUser(db.prisma, { ...user, password: DEMO_PASSWORD });
  console.log(JSON.stringify({ team: DEMO_USERS.map((u) => u.login) }));
} finally {
  await db.close();
}
