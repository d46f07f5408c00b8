// pg-boss keeps its queue in its own `pgboss` schema. Its SQL ships with the package
// (getConstructionPlans, getMigrationPlans), so it is applied here, at start, under the same
// advisory lock as our migrations: no process installs or upgrades it at run time, and every
// PgBoss instance starts with `migrate: false` (it only checks the version).
import { getConstructionPlans, getMigrationPlans } from "pg-boss";
import type { Database } from "./connection";

export const JOB_QUEUE_SCHEMA = "pgboss";

/** Installs or upgrades pg-boss's schema; returns what it did. Call inside the migration lock. */
export async function installJobQueueSchema(db: Pick<Database, "execScript" | "query">): Promise<"installed" | "upgraded" | "current"> {
  const [{ exists }] = await db.query<{ exists: boolean }>("SELECT to_regclass($1) IS NOT NULL AS exists", [`${JOB_QUEUE_SCHEMA}.version`]);
  if (!exists) {
    await db.execScript(getConstructionPlans(JOB_QUEUE_SCHEMA));
    return "installed";
  }
  const [row] = await db.query<{ version: string }>(`SELECT version FROM ${JOB_QUEUE_SCHEMA}.version`);
  const installedVersion = Number(row?.version);
  const latest = Number(/INSERT INTO \S+\.version\(version\) VALUES \('(\d+)'\)/.exec(getConstructionPlans(JOB_QUEUE_SCHEMA))?.[1]);
  if (installedVersion >= latest) return "current";
  await db.execScript(getMigrationPlans(JOB_QUEUE_SCHEMA, installedVersion));
  return "upgraded";
}
