// Prisma 7's CLI only runs migrations through a native schema-engine binary, which this
// offline machine cannot download. The same engine ships as WebAssembly
// (@prisma/schema-engine-wasm); driven through a driver adapter it diffs schemas with no
// binary and no database server (an in-memory PGlite serves as the shadow database).
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

const require = createRequire(import.meta.url);

type EngineModule = typeof import("@prisma/schema-engine-wasm");
type Engine = Awaited<ReturnType<EngineModule["SchemaEngine"]["new"]>>;

async function loadEngineModule(): Promise<EngineModule> {
  const dir = path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg"));
  // The package's entry imports the .wasm as an ES module, which Node 20 cannot; instantiate it by hand.
  const bindings = (await import(path.join(dir, "schema_engine_bg.js"))) as EngineModule & {
    __wbg_set_wasm(exports: WebAssembly.Exports): void;
  };
  const { instance } = await WebAssembly.instantiate(readFileSync(path.join(dir, "schema_engine_bg.wasm")), {
    "./schema_engine_bg.js": bindings as unknown as WebAssembly.ModuleImports,
  });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as (() => void) | undefined)?.();
  return bindings;
}

export const SCHEMA_PATH = "prisma/schema.prisma";
export const MIGRATIONS_DIR = "prisma/migrations";

export async function openSchemaEngine(root: string): Promise<{ engine: Engine; close(): Promise<void> }> {
  const mod = await loadEngineModule();
  const schema = readFileSync(path.join(root, SCHEMA_PATH), "utf8");
  const pglite = new PGlite();
  const factory = bindMigrationAwareSqlAdapterFactory(new PrismaPGlite(pglite));
  const engine = await mod.SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, () => {}, factory);
  return {
    engine,
    close: async () => {
      engine.free();
      await pglite.close();
    },
  };
}

function migrationList(root: string) {
  const baseDir = path.join(root, MIGRATIONS_DIR);
  const dirs = existsSync(baseDir)
    ? readdirSync(baseDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = path.join(baseDir, "migration_lock.toml");
  return {
    baseDir,
    lockfile: { path: "migration_lock.toml", content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok" as const, value: readFileSync(path.join(baseDir, name, "migration.sql"), "utf8") },
      },
    })),
  };
}

/** SQL that takes a database from the committed migrations to prisma/schema.prisma ("" when in sync). */
export async function pendingMigrationSql(root: string): Promise<string> {
  const { engine, close } = await openSchemaEngine(root);
  try {
    const schema = readFileSync(path.join(root, SCHEMA_PATH), "utf8");
    const result = await engine.diff({
      from: { tag: "migrations", ...migrationList(root) },
      to: { tag: "schemaDatamodel", files: [{ path: SCHEMA_PATH, content: schema }] },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    const sql = result.stdout ?? "";
    return /^\s*(-- This is an empty migration\.)?\s*$/.test(sql) ? "" : sql;
  } finally {
    await close();
  }
}
