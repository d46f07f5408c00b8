// Runs before every page and server action: refuses state-changing requests from other origins
// (lib/http/request-guard.ts), and tells the page which path was asked for (for the return after
// sign-in). Route handlers run the same guard in `route()` (lib/http/route-answer.ts).
import { NextResponse, type NextRequest } from "next/server";
import { REQUEST_PATH_HEADER } from "@/lib/auth/return-path";
import { contentSecurityPolicy, newNonce } from "@/lib/http/content-security-policy";
import { config as workbenchConfig } from "@/lib/config";
import { refusalOf } from "@/lib/http/request-guard";

export function proxy(request: NextRequest) {
  const refused = refusalOf(request, { trustProxy: workbenchConfig().TRUST_PROXY });
  if (refused) return refused;
  // the page asked for, so a signed-out visitor returns to it after signing in (lib/auth/return-path.ts)
  const headers = new Headers(request.headers);
  headers.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  // a nonce per request: Next reads the policy on the request and puts the nonce on its scripts
  const policy = contentSecurityPolicy(newNonce(), process.env.NODE_ENV !== "production");
  headers.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

/**
 * Routes the proxy does not run for. Next buffers the body of every request the proxy runs for (up to
 * next.config's proxyClientMaxBodySize) and waits for all of it before the proxy's answer leaves: so
 * no route handler passes through it (app/api, and the predictions upload at /evaluate/runs). Each runs
 * the guard, then the session check, then reads its body under its own limit (`route()`): a signed-out
 * request declaring 50 MB is answered from its headers. Static assets never change state.
 */
export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|screenshots/|api/|evaluate/runs).*)"],
};
