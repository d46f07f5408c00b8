// Runs before every route handler, server action and page: refuses state-changing requests from
// other origins and route-handler bodies of the wrong type (lib/http/request-guard.ts), and tells
// the page which path was asked for (for the return after sign-in).
import { NextResponse, type NextRequest } from "next/server";
import { REQUEST_PATH_HEADER } from "@/lib/auth/return-path";
import { guardRequest } from "@/lib/http/request-guard";

export function proxy(request: NextRequest) {
  // the origin the browser addressed (Next's request URL says localhost for 127.0.0.1)
  const url = new URL(request.url);
  const origin = `${url.protocol}//${request.headers.get("host") ?? url.host}`;
  const refusal = guardRequest({ method: request.method, origin, headers: request.headers });
  if (refusal) return NextResponse.json({ code: refusal.code, error: refusal.error }, { status: refusal.status });
  // the page asked for, so a signed-out visitor returns to it after signing in (lib/auth/return-path.ts)
  const headers = new Headers(request.headers);
  headers.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // static assets never change state
  matcher: ["/((?!_next/static|_next/image|favicon.ico|screenshots/).*)"],
};
