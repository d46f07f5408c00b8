// scrypt from node:crypto: no native addon to build, and the parameters travel with the hash, so
// hashes made with older parameters still verify and are upgraded at the next sign-in.
// Cost: N=2^14, r=8, p=5, one of OWASP's equivalent scrypt settings (Password Storage Cheat Sheet):
// 16 MiB per hash, about 0.25 s of one core. At most HASH_CONCURRENCY hashes run at once, and at
// most MAX_WAITING sign-ins wait for a turn; the rest are refused at once ("busy, try again"), so a
// flood of sign-ins (80 at once with unknown logins, #32 item 5) keeps the queue a few seconds long
// instead of a minute, and a real user is answered in seconds.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { AppError } from "@/lib/errors";

const PARAMS = { N: 16384, r: 8, p: 5 } as const;
const KEYLEN = 32;
export const HASH_CONCURRENCY = 2;
export const MAX_WAITING = 8;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCb(password, salt, keylen, options, (e, key) => (e ? reject(e) : resolve(key))));
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs one hash when a slot is free; refuses when too many are already waiting. */
async function inHashSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    if (waiting.length >= MAX_WAITING)
      throw new AppError("rate_limited", "The server is busy signing other people in; try again in a few seconds.", {
        retryAfterSeconds: 5,
      });
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function format(params: { N: number; r: number; p: number }, salt: Buffer, key: Buffer) {
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await inHashSlot(() => scrypt(password, salt, KEYLEN, { ...PARAMS, maxmem: 64 * 1024 * 1024 }));
  return format(PARAMS, salt, key);
}

function parseHash(stored: string) {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [, n, r, p, salt, key] = parts;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every((x) => Number.isInteger(x) && x > 0)) return null;
  return { params, salt: Buffer.from(salt, "base64"), key: Buffer.from(key, "base64") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await inHashSlot(() =>
    scrypt(password, parsed.salt, parsed.key.length, { ...parsed.params, maxmem: 256 * parsed.params.N * parsed.params.r + 1024 * 1024 }),
  );
  return actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
}

/** Whether a stored hash was made with weaker parameters than today's. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.params.N * parsed.params.r * parsed.params.p < PARAMS.N * PARAMS.r * PARAMS.p;
}

// A hash of nothing anyone can type, checked for unknown logins so that an unknown login takes as
// long to refuse as a wrong password (no user enumeration by timing).
let dummy: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(32).toString("hex"));
  const made = dummy;
  // a dummy refused while the server was busy is made again next time, not kept as a failure
  made.catch(() => {
    if (dummy === made) dummy = undefined;
  });
  await verifyPassword(password, await made);
  return false;
}
