// Embedded test databases without a new PGlite for every test. Starting PGlite on a dump costs 1 to 2.5 s
// (its WASM memory is allocated and the dump unpacked), and test files that want a fresh database per
// test paid that for every test: 157 starts, about 390 s of the unit phase's worker time.
//
// Here a closed copy keeps its PGlite in this process, and the next copy asked for, of any template,
// gets it back emptied and refilled with that template's rows: TRUNCATE … RESTART IDENTITY, then one
// COPY per table from blobs taken when the template was first opened in this process, its sequences
// set back, session state reset and whatever a test added outside the template's schemas (pg-boss's
// schema, say) dropped. The result must show the template's exact schema: a fingerprint of its
// tables, columns, indexes, constraints, functions, triggers and enum labels, taken with the rows. A
// PGlite that differs, that a test closed itself, or whose reset fails is closed, and a new one is
// started from the dump, as before.
import type { PGlite } from "@electric-sql/pglite";
import { type Database, databaseOnPglite, openDatabase } from "../connection";

interface TableRows {
  table: string;
  rows: Blob | null;
}
interface Snapshot {
  schemas: string[];
  fingerprint: string;
  tables: TableRows[];
  sequences: Array<{ name: string; value: string; called: boolean }>;
}

const USER_SCHEMAS = "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'";

const FINGERPRINT = `
SELECT md5(coalesce(string_agg(x, E'\\n' ORDER BY x), '')) AS fingerprint FROM (
  SELECT 'col ' || n.nspname || '.' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
         || ' ' || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '') AS x
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
   WHERE ${USER_SCHEMAS} AND a.attnum > 0 AND NOT a.attisdropped AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
  UNION ALL
  SELECT 'rel ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_SCHEMAS}
  UNION ALL
  SELECT 'idx ' || n.nspname || ' ' || pg_get_indexdef(i.indexrelid)
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_SCHEMAS}
  UNION ALL
  SELECT 'con ' || n.nspname || '.' || co.conname || ' ' || pg_get_constraintdef(co.oid)
    FROM pg_constraint co JOIN pg_namespace n ON n.oid = co.connamespace WHERE ${USER_SCHEMAS}
  UNION ALL
  SELECT 'fn ' || n.nspname || '.' || p.proname || ' ' || md5(pg_get_functiondef(p.oid))
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${USER_SCHEMAS} AND p.prokind IN ('f', 'p')
  UNION ALL
  SELECT 'trg ' || pg_get_triggerdef(t.oid) FROM pg_trigger t WHERE NOT t.tgisinternal
  UNION ALL
  SELECT 'enum ' || n.nspname || '.' || ty.typname || ' ' || e.enumlabel || ' ' || e.enumsortorder::text
    FROM pg_enum e JOIN pg_type ty ON ty.oid = e.enumtypid JOIN pg_namespace n ON n.oid = ty.typnamespace
) parts`;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function schemasOf(pglite: PGlite): Promise<string[]> {
  const { rows } = await pglite.query<{ nspname: string }>(`SELECT n.nspname FROM pg_namespace n WHERE ${USER_SCHEMAS} ORDER BY 1`);
  return rows.map((r) => r.nspname);
}

async function fingerprintOf(pglite: PGlite): Promise<string> {
  const { rows } = await pglite.query<{ fingerprint: string }>(FINGERPRINT);
  return rows[0]?.fingerprint ?? "";
}

async function tablesOf(pglite: PGlite): Promise<string[]> {
  const { rows } = await pglite.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE ${USER_SCHEMAS} AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/** The template's rows, sequences and schema, read off a PGlite freshly started from its dump. */
async function takeSnapshot(pglite: PGlite): Promise<Snapshot> {
  const tables: TableRows[] = [];
  for (const table of await tablesOf(pglite)) {
    const { rows } = await pglite.query<{ any: boolean }>(`SELECT EXISTS (SELECT FROM ${table}) AS any`);
    const result = rows[0]?.any ? await pglite.query(`COPY ${table} TO '/dev/blob'`) : undefined;
    tables.push({ table, rows: result?.blob ?? null });
  }
  const { rows: sequences } = await pglite.query<{ name: string; value: string; called: boolean }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name, coalesce(last_value, start_value)::text AS value,
            last_value IS NOT NULL AS called FROM pg_sequences`,
  );
  return { schemas: await schemasOf(pglite), fingerprint: await fingerprintOf(pglite), tables, sequences };
}

/** Sets a used PGlite back to the snapshot; false when its schema is not the template's any more. */
async function restore(pglite: PGlite, snapshot: Snapshot): Promise<boolean> {
  await pglite.exec("ROLLBACK").catch(() => undefined);
  // session state: settings, listens, advisory locks, prepared statements, temporary tables
  await pglite.exec("DISCARD ALL");
  for (const schema of await schemasOf(pglite))
    if (!snapshot.schemas.includes(schema)) await pglite.exec(`DROP SCHEMA ${quote(schema)} CASCADE`);
  // the fingerprint names every relation, so the same fingerprint means the same tables
  if ((await fingerprintOf(pglite)) !== snapshot.fingerprint) return false;
  const tables = snapshot.tables.map((t) => t.table);
  await pglite.transaction(async (tx) => {
    // rows go back as they were: no foreign-key check or trigger fires while they do
    await tx.exec("SET LOCAL session_replication_role = replica");
    if (tables.length > 0) await tx.exec(`TRUNCATE ${tables.join(", ")} RESTART IDENTITY`);
    for (const { table, rows } of snapshot.tables) if (rows) await tx.query(`COPY ${table} FROM '/dev/blob'`, [], { blob: rows });
    for (const s of snapshot.sequences) await tx.query("SELECT setval($1::regclass, $2::bigint, $3)", [s.name, s.value, s.called]);
  });
  return true;
}

const snapshots = new WeakMap<Blob, Snapshot>();
const idle: PGlite[] = [];

/** A copy of the template dump: a kept PGlite set back to it when one is idle, else a new one. */
export async function openReusedEmbeddedCopy(dump: Blob): Promise<Database> {
  const target = { kind: "embedded" as const, dataDir: "memory://" };
  let snapshot = snapshots.get(dump);
  let pglite: PGlite | undefined;
  while (snapshot && !pglite && idle.length > 0) {
    const candidate = idle.pop();
    if (!candidate || candidate.closed) continue;
    const ok = await restore(candidate, snapshot).catch(() => false);
    if (ok) pglite = candidate;
    else await candidate.close().catch(() => undefined);
  }
  if (!pglite) {
    const opened = await openDatabase({ ...target, loadDataDir: dump });
    pglite = opened.pglite;
    if (!pglite) return opened;
    await opened.prisma.$disconnect();
    if (!snapshot) {
      snapshot = await takeSnapshot(pglite);
      snapshots.set(dump, snapshot);
    }
  }
  const kept = pglite;
  let closed = false;
  let closing: Promise<void> | null = null;
  const db = databaseOnPglite(
    target,
    untilClosed(kept, () => closed),
    () =>
      (closing ??= (async () => {
        closed = true;
        await db.prisma.$disconnect();
        if (!kept.closed) idle.push(kept);
      })()),
  );
  return db;
}

const behind = new WeakMap<PGlite, PGlite>();

/**
 * The PGlite as this copy's holders see it: once the copy is closed, every call fails as on a closed
 * PGlite, so a job queue or a query a test left running cannot reach the next test's database.
 */
function untilClosed(pglite: PGlite, isClosed: () => boolean): PGlite {
  const handle = new Proxy(pglite, {
    get(target, property) {
      if (property === "closed") return isClosed() || target.closed;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (isClosed()) throw new Error("This test database was closed (its PGlite went back to be reused).");
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  behind.set(handle, pglite);
  return handle;
}

/** The PGlite a copy's handle stands for (tests of the reuse compare them). */
export function pgliteBehind(handle: PGlite | undefined): PGlite | undefined {
  return handle && (behind.get(handle) ?? handle);
}
