// Fairness between clients before the hashing queue (issue #45 I). A password check costs a quarter
// second of a core, so at most HASH_CONCURRENCY run and MAX_WAITING wait (lib/auth/password.ts); one
// client sending 40 sign-ins at once (unknown logins, each checked against the dummy hash so that
// an unknown login takes as long as a wrong password) kept that queue full and a real user out 9
// times in 10. So each client (its address: lib/auth/peer-address.ts) may have at most
// SIGN_INS_PER_CLIENT sign-ins under way; more at once are refused "busy" before any database
// query or hash. The refusal depends only on the client's own attempts under way, never on the
// login, so it tells nothing about which logins exist; unknown logins still cost a full hash.
import { AppError } from "@/lib/errors";

export const SIGN_INS_PER_CLIENT = 2;

const underWay = new Map<string, number>();

/**
 * Admits one sign-in for this client, or throws AppError("rate_limited") when the client already has
 * SIGN_INS_PER_CLIENT under way. Returns the release to call when the sign-in has been answered. A
 * client of unknown address (null) is not limited here: the hashing queue's bound still holds.
 */
export function admitSignIn(client: string | null): () => void {
  if (client === null) return () => {};
  const count = underWay.get(client) ?? 0;
  if (count >= SIGN_INS_PER_CLIENT)
    throw new AppError("rate_limited", "Too many sign-ins from this address at once; try again in a few seconds.", {
      retryAfterSeconds: 2,
    });
  underWay.set(client, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (underWay.get(client) ?? 1) - 1;
    if (left > 0) underWay.set(client, left);
    else underWay.delete(client);
  };
}
