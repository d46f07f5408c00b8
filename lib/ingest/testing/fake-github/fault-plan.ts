// Upstream trouble on a schedule: 502s, secondary rate limits (403 + Retry-After), 429s, an exhausted
// primary budget, a proxy refusing the media type (406, HTML), a body cut off mid-JSON. Each rule counts the requests it matches and fires on the nth (and `times - 1` more).

export type RequestKind = "rest" | "search" | "graphql";

export interface FaultRule {
  on?: RequestKind | "any";
  /** only GraphQL requests of this operation (HarvestPullRequests, HarvestFollowUps, …) */
  operation?: string;
  /** only GraphQL requests whose variables this accepts (e.g. those asking for one PR's node id) */
  variables?: (variables: Record<string, unknown>) => boolean;
  /** 1-based position among the requests this rule matches */
  nth: number;
  times?: number;
  respond: "bad-gateway" | "secondary-rate-limit" | "too-many-requests" | "rate-limit-exhausted" | "not-acceptable" | "truncated-body";
  /** Retry-After of a limit (1 s by default); null sends none, as GitHub sometimes does */
  retryAfterSeconds?: number | null;
  /** rate-limit-exhausted: the reset this far ahead (the server's hour otherwise) */
  resetInSeconds?: number;
}

export interface FaultResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** sent as is instead of body's JSON (a proxy's HTML page, a body cut off mid-JSON) */
  raw?: string;
  name: FaultRule["respond"];
}

const DOCS = "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api";

export function faultResponse(rule: FaultRule, resetEpoch: number): FaultResponse {
  const retryAfterHeader: Record<string, string> =
    rule.retryAfterSeconds === null ? {} : { "retry-after": String(rule.retryAfterSeconds ?? 1) };
  switch (rule.respond) {
    case "not-acceptable":
      // what a corporate proxy answers when it will not pass the media type Octokit asks for
      return {
        status: 406,
        headers: { "content-type": "text/html" },
        body: null,
        raw: "<html><head><title>406 Not Acceptable</title></head><body><h1>Not Acceptable</h1></body></html>",
        name: rule.respond,
      };
    case "truncated-body":
      // a 200 whose JSON stops mid-way (a connection cut by a proxy after the headers)
      return { status: 200, headers: {}, body: null, raw: '{"data":{"repository":{"pullRequests":{"nodes":[{"numb', name: rule.respond };
    case "bad-gateway":
      return { status: 502, headers: {}, body: { message: "Server Error" }, name: rule.respond };
    case "secondary-rate-limit":
      return {
        status: 403,
        headers: retryAfterHeader,
        body: {
          message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
          documentation_url: `${DOCS}#about-secondary-rate-limits`,
          status: "403",
        },
        name: rule.respond,
      };
    case "too-many-requests":
      return {
        status: 429,
        headers: retryAfterHeader,
        body: {
          message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
          documentation_url: `${DOCS}#about-secondary-rate-limits`,
          status: "429",
        },
        name: rule.respond,
      };
    case "rate-limit-exhausted":
      return {
        status: 403,
        headers: {
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset": String(rule.resetInSeconds === undefined ? resetEpoch : Math.ceil(Date.now() / 1000) + rule.resetInSeconds),
        },
        body: {
          message: "API rate limit exceeded for user ID 1.",
          documentation_url: `${DOCS}#about-the-primary-rate-limit`,
          status: "403",
        },
        name: rule.respond,
      };
  }
}

export class FaultPlan {
  private seen = new Map<FaultRule, number>();
  constructor(private rules: FaultRule[] = []) {}

  add(...rules: FaultRule[]) {
    this.rules.push(...rules);
  }

  /** The rule that fires for this request, if any; every matching rule counts the request. */
  next(kind: RequestKind, graphql?: { operation?: string; variables: Record<string, unknown> }): FaultRule | undefined {
    let fired: FaultRule | undefined;
    for (const rule of this.rules) {
      const on = rule.on ?? "any";
      if (on !== "any" && on !== kind && !(on === "rest" && kind === "search")) continue;
      if (rule.operation !== undefined && graphql?.operation !== rule.operation) continue;
      if (rule.variables && !(graphql && rule.variables(graphql.variables))) continue;
      const n = (this.seen.get(rule) ?? 0) + 1;
      this.seen.set(rule, n);
      if (!fired && n >= rule.nth && n < rule.nth + (rule.times ?? 1)) fired = rule;
    }
    return fired;
  }
}
