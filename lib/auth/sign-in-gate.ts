// Fairness between clients before the hashing queue (issue #45 I). A password check costs a quarter
// second of a core, so at most HASH_CONCURRENCY run and MAX_WAITING wait (lib/auth/password.ts); one
// client sending 40 sign-ins at once (unknown logins, each checked against the dummy hash so that
// an unknown login takes as long as a wrong password) kept that queue full and a real user out 9
// times in 10. So each client (its address: lib/auth/peer-address.ts) may have at most
// SIGN_INS_PER_CLIENT sign-ins under way; more at once are refused "busy" before any database
// query or hash. The refusal depends only on the client's own attempts under way, never on the
// login, so it tells nothing about which logins exist; unknown logins still cost a full hash.
import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError } from "@/lib/errors";
import { clientKey, headersOf } from "./peer-address";

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

/**
 * Posts to the sign-in page one client may have open at once before the server answers the next at
 * the door. A refused sign-in inside the action still costs the server a whole server action (its body
 * decoded, its answer encoded): 10 threads sending them back to back kept a real user's sign-in waiting
 * 25 s behind them on a busy machine. So beyond this many the request is answered 429 before Next sees
 * it, and only after DOOR_WAIT_MS (a tarpit: the wait costs the server a timer, and each of the
 * flood's threads then sends one request a second instead of hundreds, which left the server no time
 * for anyone else). The action's gate above stays, in words, for a request the door did not count.
 */
export const SIGN_IN_POSTS_PER_CLIENT = SIGN_INS_PER_CLIENT;
export const DOOR_WAIT_MS = 1_000;

const postsOpen = new Map<string, number>();

/** The front door (lib/auth/peer-address.ts) for sign-in posts: true when it answered the request itself. */
export function refuseSignInFlood(trustedProxies: number): (request: IncomingMessage, response: ServerResponse) => boolean {
  return (request, response) => {
    if (request.method !== "POST" || (request.url ?? "").split("?")[0] !== "/sign-in") return false;
    const client = clientKey(headersOf(request), trustedProxies);
    if (client === null) return false;
    const open = postsOpen.get(client) ?? 0;
    if (open >= SIGN_IN_POSTS_PER_CLIENT) {
      request.resume();
      setTimeout(() => {
        response.writeHead(429, { "content-type": "text/plain; charset=utf-8", "retry-after": "2" });
        response.end("Too many sign-ins from this address at once; try again in a few seconds.\n");
      }, DOOR_WAIT_MS).unref();
      return true;
    }
    postsOpen.set(client, open + 1);
    response.once("close", () => {
      const left = (postsOpen.get(client) ?? 1) - 1;
      if (left > 0) postsOpen.set(client, left);
      else postsOpen.delete(client);
    });
    return false;
  };
}
