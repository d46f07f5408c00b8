// How long a sign-in must wait after failed attempts. Failures are counted per login and per
// client address over a window; the first few are free, then each further attempt waits twice as
// long as the one before (1 s, 2 s, 4 s … up to the cap). The check runs before any password is
// hashed, so a guessing run costs the server nothing once it is throttled.

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const FREE_FAILURES_PER_LOGIN = 5;
// one address may be a whole team behind a NAT
export const FREE_FAILURES_PER_ADDRESS = 20;
export const MAX_WAIT_MS = 15 * 60_000;

/** Milliseconds until the next attempt is allowed (0: now), given failure times in the window. */
export function waitAfterFailures(failures: readonly Date[], freeFailures: number, now: Date): number {
  const recent = failures.filter((f) => now.getTime() - f.getTime() < THROTTLE_WINDOW_MS);
  const over = recent.length - freeFailures;
  if (over < 0) return 0;
  const last = Math.max(...recent.map((f) => f.getTime()));
  const wait = Math.min(MAX_WAIT_MS, 1000 * 2 ** over);
  return Math.max(0, last + wait - now.getTime());
}
