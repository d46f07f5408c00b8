// The one shape of a route handler, as formAction is of a server action (and Dub's withWorkspace of its
// routes): refuse another origin or a body of the wrong type (the proxy leaves route handlers alone, so
// that Next does not buffer their bodies before the session is checked: proxy.ts), check the role, parse the path
// parameters, the query and the JSON body with zod schemas, run the work, and answer its value as JSON
// (or the Response it built: a file, an archive). Whatever is thrown goes through the one error mapper
// (lib/http/error-response.ts): bad input 422, an AppError its code's status, anything else a 500 with
// an error id. Pure of Next: the signed-in user comes from the reader it is given (lib/http/route.ts
// gives the session's), so the tests run it on plain Requests.
import type { z } from "zod";
import { assertRole, type Role, type SessionUser } from "@/lib/auth/roles";
import { errorResponse } from "./error-response";
import { readJsonBody } from "./read-json-body";
import { refusalOf } from "./request-guard";

/** Who may call: a signed-in user with one of these roles, or anyone ("public": the route checks its own secret). */
export type RouteAccess = readonly [Role, ...Role[]] | "public";

export interface RouteSpec<A extends RouteAccess, B, Q, P> {
  roles: A;
  /** the JSON body (a body that is not JSON is refused as invalid_input, 422) */
  body?: B;
  /** the query string, as an object of its parameters (the last value of a repeated one) */
  query?: Q;
  /** the dynamic segments of the path */
  params?: P;
  /** the status of a successful JSON answer; default 200 */
  status?: number;
}

export interface RouteOptions {
  /** how many reverse proxies stand in front (TRUST_PROXY): whether X-Forwarded-Host may name our origin */
  trustProxy?: () => number;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<A extends RouteAccess, B, Q, P> {
  /** null on a public route, which reads no session */
  user: A extends "public" ? null : SessionUser;
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Parsed<P>;
  request: Request;
}

/** What Next calls: the request and its path parameters (a promise since Next 15). */
export type RouteHandler = (request: Request, context?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

type Schema = z.ZodType | undefined;

export function routeWith(readUser: () => Promise<SessionUser | null>, options: RouteOptions = {}) {
  return function route<A extends RouteAccess, B extends Schema = undefined, Q extends Schema = undefined, P extends Schema = undefined>(
    spec: RouteSpec<A, B, Q, P>,
    work: (input: RouteInput<A, B, Q, P>) => Promise<unknown>,
  ): RouteHandler {
    return async (request, context) => {
      const roles: RouteAccess = spec.roles;
      // the same-origin and body-type guard (lib/http/request-guard.ts) for every route a browser calls;
      // a public route (the cron route) is called by scripts and checks its own secret before the body
      if (roles !== "public") {
        const refused = refusalOf(request, { trustProxy: options.trustProxy?.() ?? 0 });
        if (refused) return refused;
      }
      try {
        // the session first, so a signed-out sender's body is never read (the JSON body after, under its limit)
        const user = roles === "public" ? null : assertRole(await readUser(), ...roles);
        const params = spec.params?.parse(await context?.params);
        const query = spec.query?.parse(Object.fromEntries(new URL(request.url).searchParams));
        const body = spec.body?.parse(await readJsonBody(request));
        // the parsed values are the schemas' outputs, and user is null exactly when the route is public
        const input = { user, body, query, params, request } as RouteInput<A, B, Q, P>;
        const answer = await work(input);
        return answer instanceof Response ? answer : Response.json(answer, { status: spec.status ?? 200 });
      } catch (e) {
        return errorResponse(e);
      }
    };
  };
}
