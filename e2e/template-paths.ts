// What e2e/global-setup.ts and e2e/fixtures.ts share: where the run's seeded demo templates live (the
// global setup makes them, the fixtures copy them), statements on the local PostgreSQL server, and
// running a setup script to its end.
import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";

export const E2E_ADMIN_URL = process.env.E2E_POSTGRES_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
export const E2E_DATA_ROOT = path.resolve(process.env.E2E_DATA_ROOT ?? ".data/e2e");

export function templatePaths(root: string, kind: "embedded" | "postgresql") {
  const dir = path.join(root, kind);
  return { pglite: path.join(dir, "pglite"), mirrors: path.join(dir, "mirrors"), exports: path.join(dir, "exports") };
}

/** One statement on the local PostgreSQL server as its admin; CREATE … TEMPLATE is retried while another copy is being made. */
export async function adminQuery(sql: string) {
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: E2E_ADMIN_URL });
    await client.connect();
    try {
      await client.query(sql);
      return;
    } catch (e) {
      // 55006: the template is in use by another worker's CREATE DATABASE at this instant
      if (!(e && typeof e === "object" && "code" in e && e.code === "55006") || attempt >= 50) throw e;
    } finally {
      await client.end();
    }
    await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
  }
}

export const TSX = path.join("node_modules", ".bin", "tsx");

/** The last line of a script's output that parses as a JSON object. */
export function lastJsonLine(output: string): Record<string, unknown> {
  for (const line of output.trim().split("\n").reverse()) {
    try {
      const value: unknown = JSON.parse(line);
      if (value && typeof value === "object" && !Array.isArray(value)) return Object.fromEntries(Object.entries(value));
    } catch {
      // a log line
    }
  }
  return {};
}

export function runToEnd(script: string, env: NodeJS.ProcessEnv): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [script], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout?.on("data", (d) => (out += d));
    child.stderr?.on("data", (d) => (err += d));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve(lastJsonLine(out)) : reject(new Error(`${script} exited with ${code}:\n${(out + err).slice(-4000)}`)),
    );
  });
}
