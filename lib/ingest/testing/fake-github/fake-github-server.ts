// A local GitHub on 127.0.0.1: REST (search, repositories, pulls with ETags) and GraphQL executed against
// GitHub's published schema, with rate-limit headers, budgets and scheduled faults. Every HTTP request is
// counted and recorded, so tests can check the crawler's request figure and validate every payload.
import { isGitRequest, serveGit } from "./git-http-backend";
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { execute, type GraphQLError, parse, validate, type DocumentNode } from "graphql";
import { FaultPlan, faultResponse, type FaultRule, type RequestKind } from "./fault-plan";
import { GitHubGraphQLError } from "./graphql-connection";
import { graphqlQueryCost } from "./graphql-cost";
import { graphqlRoot } from "./graphql-root";
import { githubGraphqlSchema } from "./github-graphql-schema";
import { handleRest } from "./rest-routes";
import type { FakeWorld } from "./world-types";

export interface RecordedExchange {
  seq: number;
  /** arrival time, ms since the epoch */
  at: number;
  method: string;
  path: string;
  search: string;
  kind: RequestKind;
  status: number;
  /** OpenAPI path template of a REST response */
  route?: string;
  responseBody?: unknown;
  operationName?: string;
  query?: string;
  variables?: Record<string, unknown>;
  /** GraphQL points charged, by GitHub's cost formula */
  cost?: number;
  /** schema validation messages of a GraphQL document the crawler sent */
  invalidQuery?: string[];
  fault?: FaultRule["respond"];
  authorization?: string;
}

export interface FakeGitHubOptions {
  world: FakeWorld;
  /** when set, any other token gets 401 Bad credentials */
  token?: string;
  faults?: FaultRule[];
  latencyMs?: number;
  /** starting budgets; GitHub's defaults for a token otherwise */
  budgets?: Partial<Record<"core" | "search" | "graphql", number>>;
  /**
   * Odd but possible answers: changes a GraphQL result's data in place before it is sent (a pageInfo whose
   * cursor does not advance, hasNextPage with a null cursor, a node nulled, …), given the request's
   * variables; errors it returns (an array of GraphQL errors) are added to the answer (GitHub's partial errors: data and errors).
   */
  /** Odd but possible REST answers: changes a 200 body in place (a search page cut short, incomplete_results), by route. */
  /** the bare repository behind `<owner>/<name>.git` (git's smart HTTP, as github.com serves it) */
  gitDirFor?: (fullName: string) => string | undefined;
  alterRestBody?: (route: string, body: Record<string, unknown>, url: URL) => void;
  alterGraphqlData?: (data: Record<string, unknown>, variables: Record<string, unknown>) => unknown;
}

export interface FakeGitHub {
  url: string;
  world: FakeWorld;
  exchanges: RecordedExchange[];
  faults: FaultPlan;
  /** every HTTP request received (REST and GraphQL, faults and 304s included) */
  requestCount(): number;
  setLatency(ms: number): void;
  /** a new hour: every budget back to GitHub's limit */
  resetBudgets(): void;
  close(): Promise<void>;
}

const LIMITS = { core: 5000, search: 30, graphql: 5000 } as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A request's whole body as UTF-8 text (the schema mock reads its requests the same way). */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function formatError(e: GraphQLError) {
  const original = e.originalError;
  const type = original instanceof GitHubGraphQLError ? original.githubType : e instanceof GitHubGraphQLError ? e.githubType : undefined;
  return { ...(type ? { type } : {}), path: e.path, locations: e.locations, message: e.message };
}

export async function startFakeGitHub(options: FakeGitHubOptions): Promise<FakeGitHub> {
  const { world } = options;
  const schema = githubGraphqlSchema();
  const faults = new FaultPlan(options.faults ? [...options.faults] : []);
  const exchanges: RecordedExchange[] = [];
  const resetEpoch = Math.floor(Date.now() / 1000) + 3600;
  const remaining = { core: LIMITS.core, search: LIMITS.search, graphql: LIMITS.graphql, ...options.budgets };
  let latency = options.latencyMs ?? 0;
  let seq = 0;
  let url = "";

  const rateHeaders = (resource: keyof typeof LIMITS) => ({
    "x-ratelimit-limit": String(LIMITS[resource]),
    "x-ratelimit-remaining": String(Math.max(0, remaining[resource])),
    "x-ratelimit-used": String(LIMITS[resource] - Math.max(0, remaining[resource])),
    "x-ratelimit-reset": String(resetEpoch),
    "x-ratelimit-resource": resource,
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const u = new URL(req.url ?? "/", url);
    const method = req.method ?? "GET";
    const kind: RequestKind = u.pathname === "/graphql" ? "graphql" : u.pathname.startsWith("/search/") ? "search" : "rest";
    const resource = kind === "rest" ? "core" : kind;
    const body = method === "POST" ? await readBody(req) : "";
    const ex: RecordedExchange = {
      seq: ++seq,
      at: Date.now(),
      method,
      path: u.pathname,
      search: u.search,
      kind,
      status: 0,
      authorization: req.headers.authorization,
    };
    exchanges.push(ex);
    if (latency) await sleep(latency);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}, raw?: string) => {
      ex.status = status;
      res.writeHead(status, {
        "content-type": "application/json; charset=utf-8",
        "x-github-request-id": `FAKE:${ex.seq}`,
        ...rateHeaders(resource),
        ...headers,
      });
      res.end(raw ?? (payload === undefined ? undefined : JSON.stringify(payload)));
    };

    const token = (req.headers.authorization ?? "").replace(/^(token|bearer)\s+/i, "");
    if (options.token && token !== options.token)
      return send(401, { message: "Bad credentials", documentation_url: "https://docs.github.com/rest", status: "401" });

    const peeked = kind === "graphql" ? peekGraphql(body) : undefined;
    const fault = faults.next(kind, peeked);
    if (fault) {
      if (peeked) Object.assign(ex, { operationName: peeked.operation, variables: peeked.variables, query: peeked.query });
      const f = faultResponse(fault, resetEpoch);
      ex.fault = f.name;
      return send(f.status, f.body, f.headers, f.raw);
    }

    if (kind === "graphql") {
      let payload: { query?: string; variables?: Record<string, unknown>; operationName?: string };
      try {
        payload = JSON.parse(body);
      } catch {
        return send(400, { message: "Problems parsing JSON", documentation_url: "https://docs.github.com/graphql" });
      }
      ex.query = payload.query;
      ex.variables = payload.variables;
      let doc: DocumentNode;
      try {
        doc = parse(payload.query ?? "");
      } catch (e) {
        ex.invalidQuery = [(e as Error).message];
        return send(200, { errors: [{ message: (e as Error).message }] });
      }
      ex.operationName = payload.operationName ?? doc.definitions.find((d) => d.kind === "OperationDefinition")?.name?.value;
      const invalid = validate(schema, doc);
      if (invalid.length) {
        ex.invalidQuery = invalid.map((e) => e.message);
        return send(200, { errors: invalid.map(formatError) });
      }
      const cost = graphqlQueryCost(doc, payload.variables ?? {});
      ex.cost = cost;
      if (remaining.graphql < cost)
        return send(200, { errors: [{ type: "RATE_LIMITED", message: "API rate limit exceeded for user ID 1." }] });
      remaining.graphql -= cost;
      const rateLimit = () => ({
        cost,
        limit: LIMITS.graphql,
        nodeCount: 0,
        remaining: remaining.graphql,
        resetAt: new Date(resetEpoch * 1000).toISOString(),
        used: LIMITS.graphql - remaining.graphql,
      });
      const result = await execute({
        schema,
        document: doc,
        rootValue: graphqlRoot(world, rateLimit),
        variableValues: payload.variables ?? {},
      });
      const returned = result.data && options.alterGraphqlData?.(result.data as Record<string, unknown>, payload.variables ?? {});
      const added = Array.isArray(returned) ? returned : [];
      const errors = [...(result.errors ?? []).map(formatError), ...added];
      return send(200, { ...(errors.length ? { errors } : {}), data: result.data ?? null });
    }

    if (remaining[resource] <= 0)
      return send(403, {
        message: "API rate limit exceeded for user ID 1.",
        documentation_url: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api",
        status: "403",
      });
    const result = handleRest(world, url, method, u);
    ex.route = result.route;
    if (result.status === 200) {
      if (options.alterRestBody && result.body && typeof result.body === "object")
        options.alterRestBody(result.route ?? "", result.body as Record<string, unknown>, u);
      const etag = `W/"${createHash("sha1").update(JSON.stringify(result.body)).digest("hex")}"`;
      // conditional requests answered 304 cost no quota
      if (req.headers["if-none-match"] === etag) return send(304, undefined, { etag });
      remaining[resource] -= 1;
      ex.responseBody = result.body;
      return send(200, result.body, { etag, ...result.headers });
    }
    remaining[resource] -= 1;
    ex.responseBody = result.body;
    return send(result.status, result.body, result.headers);
  }

  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://fake.invalid").pathname;
    if (options.gitDirFor && isGitRequest(pathname)) return serveGit(req, res, options.gitDirFor);
    handle(req, res).catch((e) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: `fake GitHub crashed: ${(e as Error).stack}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    world,
    exchanges,
    faults,
    requestCount: () => exchanges.length,
    setLatency: (ms) => void (latency = ms),
    resetBudgets: () => void Object.assign(remaining, LIMITS),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

/** The operation name and variables of a GraphQL request body, for faults aimed at one query. */
function peekGraphql(body: string): { operation?: string; variables: Record<string, unknown>; query?: string } {
  try {
    const payload = JSON.parse(body) as { query?: unknown; variables?: unknown; operationName?: unknown };
    const named = typeof payload.query === "string" ? /^\s*(?:query|mutation)\s+(\w+)/.exec(payload.query)?.[1] : undefined;
    const variables = payload.variables && typeof payload.variables === "object" ? (payload.variables as Record<string, unknown>) : {};
    const query = typeof payload.query === "string" ? payload.query : undefined;
    return { operation: typeof payload.operationName === "string" ? payload.operationName : named, variables, query };
  } catch {
    return { variables: {} };
  }
}
