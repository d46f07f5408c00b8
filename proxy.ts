// Runs before every route handler, server action and page: refuses state-changing requests from
// other origins and route-handler bodies of the wrong type (lib/http/request-guard.ts), and tells
// the page which path was asked for (for the return after sign-in).
import { NextResponse, type NextRequest } from "next/server";
import { REQUEST_PATH_HEADER } from "@/lib/auth/return-path";
import { contentSecurityPolicy, newNonce } from "@/lib/http/content-security-policy";
import { refusalOf } from "@/lib/http/request-guard";

export function proxy(request: NextRequest) {
  const refused = refusalOf(request);
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
 * 10 MB) before the route sees it: so the cron route, which must check its secret before reading a byte,
 * and the two uploads (predictions up to 100 MB, released splits), which stream their bodies under their
 * own limits, are left out; the uploads run `guardRequest` themselves (lib/http/request-guard.ts). Static
 * assets never change state.
 */
export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|screenshots/|api/cron/|api/exports/imports|evaluate/runs).*)"],
};
