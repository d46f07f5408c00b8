// Secrets a user types that the app must keep for a while (a judge run's API key until the run ends)
// are stored sealed, never in plain text: AES-256-GCM under the server's key. The key is
// WORKBENCH_SECRET (the same on every process of a team's PostgreSQL setup), or else a random key the
// app makes once in its data folder (`workbench.key`, mode 0600), which a copy of the database alone
// does not carry.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "@/lib/config";
import { AppError } from "@/lib/errors";

const PREFIX = "sealed:v1:";

export type ServerKey = Buffer;

/** The server's 32-byte key: from WORKBENCH_SECRET, or the data folder's key file (made on first use). */
export function serverKey(config: Pick<Config, "WORKBENCH_SECRET" | "EMBEDDED_DB_DIR">): ServerKey {
  if (config.WORKBENCH_SECRET) return createHash("sha256").update(config.WORKBENCH_SECRET).digest();
  const file = path.join(path.dirname(path.resolve(config.EMBEDDED_DB_DIR)), "workbench.key");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
    } catch {
      // another process made it first
    }
  }
  chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  if (key.length !== 32)
    throw new AppError("not_configured", `The key file ${file} is damaged; remove it (sealed keys are then lost) or set WORKBENCH_SECRET`);
  return key;
}

export function sealSecret(plain: string, key: ServerKey): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${PREFIX}${[iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".")}`;
}

export const isSealed = (value: string) => value.startsWith(PREFIX);

/** The plain secret; a value stored before sealing existed is returned as it is. */
export function openSecret(stored: string, key: ServerKey): string {
  if (!isSealed(stored)) return stored;
  const [iv, tag, body] = stored
    .slice(PREFIX.length)
    .split(".")
    .map((part) => Buffer.from(part, "base64url"));
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv ?? Buffer.alloc(0));
    decipher.setAuthTag(tag ?? Buffer.alloc(0));
    return Buffer.concat([decipher.update(body ?? Buffer.alloc(0)), decipher.final()]).toString("utf8");
  } catch {
    throw new AppError(
      "not_configured",
      "This process cannot open a key sealed by another: set WORKBENCH_SECRET to the same value on every process (app and workers), then type the key again",
    );
  }
}
