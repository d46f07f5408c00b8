// npx tsx scripts/bench-demo-seed.ts [--runs N] [--kinds embedded,postgresql]
// How long seeding the demo takes (seedDemo, what `npm run demo`, the e2e global setup and the vitest
// demo template run once each): a fresh migrated database per run (PGlite in a folder on disk, as the
// server and the e2e setup use it, and a throwaway database on the local PostgreSQL), the mirrors and
// export files in a temporary folder. Prints each stage's median and the total's median and slowest,
// in milliseconds: <kind>_<stage>_ms=…, <kind>_total_ms=…, <kind>_total_max_ms=….
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseCli } from "@/lib/cli/parse-cli";
import { type Database, openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { createPostgresTestDatabase } from "@/lib/db/testing/test-database";

const { values } = parseCli(
  { url: import.meta.url },
  { options: { runs: { type: "string", default: "3" }, kinds: { type: "string", default: "embedded,postgresql" } } },
);
const runs = Number(values.runs);
const kinds = values.kinds.split(",").filter((k): k is "embedded" | "postgresql" => k === "embedded" || k === "postgresql");
const root = mkdtempSync(path.join(tmpdir(), "bench-demo-seed-"));
// where the seed writes its mirrors and export files (read once, by the first config() call)
process.env.MIRRORS_DIR = path.join(root, "mirrors");
process.env.EXPORTS_DIR = path.join(root, "exports");
process.env.EMBEDDED_DB_DIR = path.join(root, "pglite");
const { seedDemo } = await import("@/lib/demo/seed-demo");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function openFresh(kind: "embedded" | "postgresql", n: number): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (kind === "embedded") {
    const dataDir = path.join(root, `db-${n}`);
    const db = await openDatabase({ kind: "embedded", dataDir });
    return { db, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const created = await createPostgresTestDatabase();
  return { db: await openDatabase({ kind: "postgresql", url: created.url }), drop: created.drop };
}

try {
  for (const kind of kinds) {
    const stages = new Map<string, number[]>();
    const totals: number[] = [];
    for (let n = 0; n < runs; n++) {
      rmSync(process.env.MIRRORS_DIR, { recursive: true, force: true });
      rmSync(process.env.EXPORTS_DIR, { recursive: true, force: true });
      const { db, drop } = await openFresh(kind, n);
      try {
        await migrate(db);
        const t0 = performance.now();
        await seedDemo(db.prisma, { onStage: (stage, ms) => stages.set(stage, [...(stages.get(stage) ?? []), ms]) });
        totals.push(performance.now() - t0);
      } finally {
        await db.close();
        await drop();
      }
    }
    for (const [stage, ms] of stages) console.log(`${kind}_${stage}_ms=${median(ms).toFixed(0)}`);
    console.log(`${kind}_total_ms=${median(totals).toFixed(0)}`);
    console.log(`${kind}_total_max_ms=${Math.max(...totals).toFixed(0)}`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
