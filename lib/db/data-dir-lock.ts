// PGlite allows one process per data folder: two processes opening one folder get no error, each
// sees only its own writes, and acknowledged writes are lost on the next start. So the folder is
// guarded by a lock file created with O_EXCL (atomic: of two processes starting at the same moment
// exactly one creates it) that names its holder by host, pid and the process's start time. A lock
// whose holder is gone (exited, killed, a zombie not yet reaped, or a pid reused by another
// program) is stale and taken over; a lock held by a live process is refused with a message that
// says which process and what to do.
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { isProcessAlive } from "./process-alive";

export class EmbeddedDatabaseBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database at ${dataDir} is open in process ${holder.pid}${holder.host === hostname() ? "" : ` on ${holder.host}`}. ` +
        "PGlite allows one process per data folder (two would lose data): stop that process, " +
        "or set DATABASE_URL to use PostgreSQL for several processes.",
    );
    this.name = "EmbeddedDatabaseBusyError";
  }
}

const LockHolderSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  /** /proc/<pid>/stat start time (clock ticks since boot); null where /proc is not available */
  startTime: z.string().nullable(),
  openedAt: z.string(),
});
export type LockHolder = z.infer<typeof LockHolderSchema>;

export function lockPathFor(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  return path.join(path.dirname(resolved), `${path.basename(resolved)}.lock`);
}

/** The process's state letter and start time from /proc, or null where there is no /proc. */
export function procStat(pid: number): { state: string; startTime: string } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ")"
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (state); field 22 (starttime) is fields[19]
  return { state: fields[0] ?? "?", startTime: fields[19] ?? "" };
}

/** Whether the process a lock names still runs: not exited, not a zombie, not a reused pid. */
export function holderIsAlive(holder: LockHolder): boolean {
  // another host's process cannot be checked from here; assume it runs
  if (holder.host !== hostname()) return true;
  if (!isProcessAlive(holder.pid)) return false;
  const stat = procStat(holder.pid);
  if (stat === null) return true; // no /proc: the pid exists, that is all we know
  if (stat.state === "Z" || stat.state === "X") return false;
  return holder.startTime === null || holder.startTime === stat.startTime;
}

function me(): LockHolder {
  return { pid: process.pid, host: hostname(), startTime: procStat(process.pid)?.startTime ?? null, openedAt: new Date().toISOString() };
}

const isMe = (h: LockHolder) => h.pid === process.pid && h.host === hostname();

function readHolder(file: string): { text: string; holder: LockHolder | null } | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if (errno(e) === "ENOENT") return null;
    throw e;
  }
  let holder: LockHolder | null = null;
  try {
    const parsed = LockHolderSchema.safeParse(JSON.parse(text));
    if (parsed.success) holder = parsed.data;
  } catch {
    // a lock being written (created, not yet filled) or left half-written by a crash
  }
  return { text, holder };
}

function errno(e: unknown): string | undefined {
  return e instanceof Error && "code" in e && typeof e.code === "string" ? e.code : undefined;
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A lock file nobody has finished writing for this long was left by a crash mid-create. */
const HALF_WRITTEN_STALE_MS = 5_000;

/**
 * Takes the data folder's lock or throws EmbeddedDatabaseBusyError. Returns the release function
 * (idempotent; it removes the file only while it still names this process). A second open in the
 * same process is allowed (it is the same PGlite owner) and its release is a no-op.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = lockPathFor(dataDir);
  const self = me();
  const content = `${JSON.stringify(self)}\n`;
  for (let attempt = 0; attempt < 50; attempt++) {
    let fd: number;
    try {
      fd = openSync(lockPath, "wx", 0o644);
    } catch (e) {
      if (errno(e) !== "EEXIST") throw e;
      const found = readHolder(lockPath);
      if (found === null) continue; // released between our create and our read: try again
      if (found.holder === null) {
        let age = 0;
        try {
          age = Date.now() - statSync(lockPath).mtimeMs;
        } catch {
          continue;
        }
        if (age < HALF_WRITTEN_STALE_MS) {
          sleepSync(20); // its creator is writing it right now
          continue;
        }
      } else if (isMe(found.holder)) {
        return () => {};
      } else if (holderIsAlive(found.holder)) {
        throw new EmbeddedDatabaseBusyError(dataDir, found.holder);
      }
      takeOverStale(lockPath, found.text);
      continue;
    }
    try {
      writeSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = readHolder(lockPath);
      if (now?.holder && isMe(now.holder)) rmSync(lockPath, { force: true });
    };
  }
  throw new Error(`Could not take the lock ${lockPath}: another process is creating it right now, or it kept changing hands; try again.`);
}

// There is no atomic compare-and-delete, so a stale lock is moved aside first and its content
// checked: if another process replaced the stale lock by its own in between, that lock is put back.
function takeOverStale(lockPath: string, staleText: string) {
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    renameSync(lockPath, aside);
  } catch (e) {
    if (errno(e) === "ENOENT") return; // someone else moved it
    throw e;
  }
  const moved = readHolder(aside);
  if (moved !== null && moved.text !== staleText) {
    try {
      linkSync(aside, lockPath); // not ours to remove: restore it (fails only if a third process created one)
    } catch {
      // a newer lock is in place; the loop reads it
    }
  }
  rmSync(aside, { force: true });
}
