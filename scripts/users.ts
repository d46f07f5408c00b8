// npm run users -- --login NAME --role admin [--role annotator ...] [--name "Full Name"]
// Adds a user, or replaces an existing one's roles and password (its sessions end). Roles: admin,
// annotator, adjudicator. The password is read from standard input (`printf %s "$PW" | npm run users -- …`),
// so it is not left in the shell's history or the process list. A database started with DEMO_DATA=0 has no
// users until one is added here. Uses DATABASE_URL, or the embedded database (stop the app first).
import { text } from "node:stream/consumers";
import { z } from "zod";
import { parseCli } from "@/lib/cli/parse-cli";

const { values } = parseCli(
  { url: import.meta.url },
  { options: { login: { type: "string" }, role: { type: "string", multiple: true }, name: { type: "string" } } },
);

// the rest loads once the flags are read: --help and a wrong flag answer without loading the stages
const [{ SaveUserRequestSchema, saveUser }, { config }, { databaseTargetOf, openDatabase }, { migrate }] = await Promise.all([
  import("@/lib/auth/save-user"),
  import("@/lib/config"),
  import("@/lib/db/connection"),
  import("@/lib/db/migrate"),
]);
if (!values.login || process.stdin.isTTY) {
  console.error("error: give --login and the password on standard input (see --help)");
  process.exit(2);
}
const password = (await text(process.stdin)).replace(/\r?\n$/, "");
const c = config();
const db = await openDatabase(databaseTargetOf(c));
try {
  await migrate(db);
  const saved = await saveUser(
    db.prisma,
    SaveUserRequestSchema.parse({ login: values.login, name: values.name, roles: values.role ?? [], password }),
  );
  console.log(`${saved.created ? "created" : "updated"}=${values.login} roles=${(values.role ?? []).join(",")}`);
} catch (error) {
  console.error(`error: ${error instanceof z.ZodError ? z.prettifyError(error) : error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
