// Gives the PostgreSQL e2e server a fresh database each run (local server only).
import pg from "pg";

const url = new URL(process.env.E2E_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/wb_e2e");
if (!["127.0.0.1", "localhost"].includes(url.hostname)) throw new Error(`refusing to reset non-local database host ${url.hostname}`);
const name = url.pathname.slice(1);
const admin = new URL(url);
admin.pathname = "/postgres";
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
await client.query(`CREATE DATABASE "${name}"`);
await client.end();
console.log(`e2e database ${name} reset`);
