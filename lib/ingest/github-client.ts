// One Octokit per run with the throttling and retry plugins (bundled by `octokit`), counting every HTTP
// attempt and the budget GitHub reports, honouring Retry-After and reset headers, and refusing to spend
// the last of the budget. Limits: shared/reference/github-crawling.md.
import { Octokit } from "octokit";
import { gitHubAccessError, isGitHubAccessError, rateLimitStop, isRateLimitStop } from "./ingest-errors";
import { pacingGroup } from "./pacing-queue";
import { abortableSleep } from "@/lib/abortable-sleep";
import { AppError } from "@/lib/errors";
import { statusOf } from "@/lib/unknown-value";
import type { SharedPause } from "./shared-pause";

/** tries of one GraphQL request whose answer is not a GraphQL response (truncated, HTML) */
const GRAPHQL_BODY_ATTEMPTS = 3;

/** how GitHub words a secondary rate limit, in the body of its 403 or 429 */
const SECONDARY_LIMIT = /secondary rate/i;

export interface GitHubClientOptions {
  baseUrl: string;
  token?: string;
  /** spacing of GraphQL requests; plugin-throttling's own default is 1 s */
  graphqlIntervalMs?: number;
  /** spacing of search requests; search allows 30 a minute, plugin-throttling spaces them 2 s */
  searchIntervalMs?: number;
  /** base of plugin-retry's (n+1)² backoff for 5xx */
  retryBaseMs?: number;
  /** a primary limit resetting later than this ends the run (checkpointed) instead of sleeping */
  maxRateLimitWaitSeconds?: number;
  /** requests stop while a budget is at or below this, so interactive use of the token keeps working */
  reserve?: number;
  /** the wait after a secondary limit that gives no Retry-After: GitHub's docs say at least a minute */
  secondaryFallbackSeconds?: number;
  signal?: AbortSignal;
  onLog?: (level: "info" | "warn" | "error", message: string) => void;
  /** a secondary limit's wait shared with every process using the token (lib/ingest/shared-pause.ts) */
  sharedPause?: SharedPause;
}

export interface RateBudget {
  limit: number;
  remaining: number;
  resetAt: string;
}

export interface ApiUsage {
  /** every HTTP attempt, retries and 304s included: what GitHub (or the fake) sees */
  requests: number;
  graphql: number;
  rest: number;
  notModified: number;
  secondaryRateLimits: number;
  budgets: Record<string, RateBudget>;
}

export interface GraphqlResult<T> {
  data: T | null;
  errors: { type?: string; message: string; path?: (string | number)[] }[];
}

export interface GitHubClient {
  octokit: Octokit;
  usage: ApiUsage;
  graphql<T>(query: string, variables: Record<string, unknown>): Promise<GraphqlResult<T>>;
  /** the base delay of retries the caller makes itself (an answer that is incomplete rather than failed) */
  retryBaseMs?: number;
  signal?: AbortSignal;
}

const sleep = abortableSleep;

function resourceOf(url: string): string {
  const { pathname } = new URL(url, "http://github.invalid");
  return pathname.endsWith("/graphql") ? "graphql" : pathname.includes("/search/") ? "search" : "core";
}

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const log = options.onLog ?? (() => {});
  const usage: ApiUsage = { requests: 0, graphql: 0, rest: 0, notModified: 0, secondaryRateLimits: 0, budgets: {} };
  const reserve = options.reserve ?? 50;
  const maxWait = options.maxRateLimitWaitSeconds ?? 300;
  let pausedUntil = 0;
  const secondaryFallback = options.secondaryFallbackSeconds ?? 60;
  // secondary limits are per token, not per request: count them across all requests in flight
  let consecutiveSecondaryLimits = 0;
  let halted: Error | null = null;

  // shaped like a fetch abort so neither plugin retries it (plugin-retry only retries RequestErrors)
  const notSent = (why: Error) =>
    Object.assign(new Error(`request not sent: ${why.message}`), { name: "AbortError", cause: why, response: { headers: {}, data: {} } });
  // the innermost layer: every attempt, retries included, waits out a pause and stops after a halt
  const shared = options.sharedPause;
  /** a secondary limit's wait, for this process and (shared) every other one using the token */
  const holdAll = async (until: number, reason: string) => {
    pausedUntil = Math.max(pausedUntil, until);
    await shared
      ?.hold(pausedUntil, reason)
      .catch((e) => log("warn", `could not share the wait with other workers: ${(e as Error).message}`));
  };
  const countingFetch: typeof fetch = async (input, init) => {
    if (halted) throw notSent(halted);
    // another process may have been told to wait since this one last asked
    for (;;) {
      const sharedUntil = shared ? await shared.until().catch(() => 0) : 0;
      const wait = Math.max(pausedUntil, sharedUntil) - Date.now();
      if (wait <= 0) break;
      await sleep(wait, options.signal);
    }
    if (halted) throw notSent(halted);
    usage.requests++;
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (resourceOf(url) === "graphql") usage.graphql++;
    else usage.rest++;
    const res = await fetch(input, init);
    if (res.status === 304) usage.notModified++;
    // a secondary limit holds every request from the moment its answer arrives, not from when the
    // throttling plugin gets round to it (a request slipped through 10 ms after the 403: #13 case 7);
    // without Retry-After GitHub's docs say to wait at least a minute
    if ((res.status === 403 || res.status === 429) && res.headers.get("x-ratelimit-remaining") !== "0") {
      const retryAfter = Number(res.headers.get("retry-after") ?? Number.NaN);
      const secondary = Number.isFinite(retryAfter) || SECONDARY_LIMIT.test(await res.clone().text());
      if (secondary)
        await holdAll(
          Date.now() + (Number.isFinite(retryAfter) ? retryAfter : secondaryFallback) * 1000,
          `secondary rate limit (${res.status})`,
        );
    }
    if (res.status < 400) consecutiveSecondaryLimits = 0;
    const remaining = res.headers.get("x-ratelimit-remaining");
    if (remaining !== null) {
      const resource = res.headers.get("x-ratelimit-resource") ?? resourceOf(url);
      usage.budgets[resource] = {
        limit: Number(res.headers.get("x-ratelimit-limit") ?? 0),
        remaining: Number(remaining),
        resetAt: new Date(Number(res.headers.get("x-ratelimit-reset") ?? 0) * 1000).toISOString(),
      };
    }
    return res;
  };

  const primaryRetriesOf = new WeakMap<object, number>();
  const octokit = new Octokit({
    auth: options.token,
    baseUrl: options.baseUrl.replace(/\/$/, ""),
    userAgent: "crjudge-workbench-ingest",
    request: { fetch: countingFetch, signal: options.signal },
    log: { debug: () => {}, info: () => {}, warn: (m: string) => log("warn", m), error: (m: string) => log("error", m) },
    throttle: {
      id: "crjudge-ingest",
      fallbackSecondaryRateRetryAfter: secondaryFallback,
      write: pacingGroup(options.graphqlIntervalMs ?? 1000) as never,
      search: pacingGroup(options.searchIntervalMs ?? 2000) as never,
      onSecondaryRateLimit: (retryAfter: number, opts: { method: string; url: string }) => {
        usage.secondaryRateLimits++;
        consecutiveSecondaryLimits++;
        // every request of this run waits, not just the one that was refused (and of other workers: holdAll above)
        pausedUntil = Math.max(pausedUntil, Date.now() + retryAfter * 1000);
        const retry = consecutiveSecondaryLimits < 4;
        log(
          "warn",
          `secondary rate limit on ${opts.method} ${opts.url}: ${retry ? `waiting ${retryAfter}s` : "giving up after 4 in a row"}`,
        );
        return retry;
      },
      onRateLimit: (retryAfter: number, opts: { method: string; url: string }) => {
        // one wait for the reset per request: plugin-throttling's retryCount counts retries of every kind,
        // so a primary limit right after a secondary-limit retry used to stop the run (#13 case 7)
        const primaryRetries = primaryRetriesOf.get(opts) ?? 0;
        primaryRetriesOf.set(opts, primaryRetries + 1);
        if (retryAfter <= maxWait && primaryRetries < 1) {
          pausedUntil = Math.max(pausedUntil, Date.now() + retryAfter * 1000);
          log("warn", `primary rate limit on ${opts.method} ${opts.url}: waiting ${retryAfter}s for the reset`);
          return true;
        }
        log("warn", `primary rate limit on ${opts.method} ${opts.url}: resets in ${retryAfter}s, stopping this run`);
        return false;
      },
    },
    // 403/429 belong to the throttling plugin, which honours Retry-After; 406 is `too_large` and final
    retry: { doNotRetry: [400, 401, 403, 404, 406, 410, 422, 429, 451], retryAfterBaseValue: options.retryBaseMs ?? 1000 },
  });

  octokit.hook.before("request", async (req) => {
    if (halted) throw halted;
    const budget = usage.budgets[resourceOf(req.url)];
    // small budgets (search: 30 a minute) keep a proportionally small reserve
    if (!budget || budget.remaining > Math.min(reserve, Math.floor(budget.limit / 10))) return;
    const untilReset = Date.parse(budget.resetAt) - Date.now();
    if (untilReset <= 0) return;
    if (untilReset > maxWait * 1000) {
      halted = rateLimitStop(resourceOf(req.url), budget.remaining, budget.resetAt);
      throw halted;
    }
    log("info", `${resourceOf(req.url)} budget down to ${budget.remaining}: waiting ${Math.ceil(untilReset / 1000)}s for the reset`);
    await sleep(untilReset + 1000, options.signal);
    delete usage.budgets[resourceOf(req.url)];
  });

  octokit.hook.error("request", (error) => {
    try {
      classifyError(error);
    } catch (final) {
      if (isRateLimitStop(final) || isGitHubAccessError(final)) halted ??= final;
      throw final;
    }
  });

  function classifyError(error: unknown): never {
    const cause = (error as { cause?: unknown }).cause;
    if (isRateLimitStop(cause) || isGitHubAccessError(cause)) throw cause;
    const e = error as { status?: number; message?: string; response?: { headers?: Record<string, string>; data?: unknown } };
    if (e.status === 401)
      throw gitHubAccessError(
        options.token
          ? "GitHub rejected the token (401 Bad credentials): check GITHUB_TOKEN."
          : "GITHUB_TOKEN is not set: GitHub's GraphQL API needs a token (read access to public repositories is enough).",
      );
    const headers = e.response?.headers ?? {};
    if ((e.status === 403 || e.status === 429) && headers["x-ratelimit-remaining"] === "0")
      throw rateLimitStop(
        headers["x-ratelimit-resource"] ?? "core",
        0,
        new Date(Number(headers["x-ratelimit-reset"] ?? 0) * 1000).toISOString(),
      );
    // a proxy (or an API_URL that is not GitHub) refusing the media type: nothing will get through (#13 case 8)
    if (e.status === 406 && !/too_large|diff exceeded/i.test(JSON.stringify(e.response?.data ?? "")))
      throw gitHubAccessError(
        `${options.baseUrl} answered 406 Not Acceptable: something between us and GitHub (a proxy?) refuses the JSON ` +
          "media types GitHub's API uses (application/vnd.github+json, application/json). Check GITHUB_API_URL and any proxy.",
      );
    if (/GraphQL Rate Limit Exceeded/.test(e.message ?? ""))
      throw rateLimitStop("graphql", 0, usage.budgets.graphql?.resetAt ?? new Date().toISOString());
    // the throttling plugin gave up after its retries: stop rather than keep knocking
    if ((e.status === 403 || e.status === 429) && SECONDARY_LIMIT.test(e.message ?? ""))
      throw rateLimitStop("secondary", 0, new Date(Math.max(pausedUntil, Date.now() + 60_000)).toISOString());
    throw error;
  }

  return {
    octokit,
    usage,
    retryBaseMs: options.retryBaseMs ?? 1000,
    signal: options.signal,
    async graphql<T>(query: string, variables: Record<string, unknown>) {
      // A body that is not a GraphQL response (cut off, an HTML error page with a 200) is retried like a
      // 5xx, then reported for what it is; it used to become `data: null` and a misleading error (#13 case 6).
      for (let attempt = 1; ; attempt++) {
        let body: unknown;
        try {
          body = (await octokit.request("POST /graphql", { query, variables })).data;
        } catch (e) {
          // plugin-retry turns GitHub's "Something went wrong while executing your query" partial errors into
          // a 500 and retries it; when it persists, the answer still carries the data GitHub could give: keep
          // it, so the nulled items alone are skipped and named instead of the whole page (#13 cases 2, 10)
          const partial = partialGraphqlAnswer<T>(e);
          if (!partial) throw e;
          return partial;
        }
        if (body !== null && typeof body === "object" && ("data" in body || "errors" in body)) {
          const b = body as { data?: T | null; errors?: GraphqlResult<T>["errors"] };
          return { data: b.data ?? null, errors: b.errors ?? [] };
        }
        const seen = typeof body === "string" ? body : JSON.stringify(body);
        if (attempt >= GRAPHQL_BODY_ATTEMPTS)
          throw new AppError(
            "upstream_error",
            `GitHub's GraphQL API answered ${attempt} times with ${bodyKind(seen)} ` +
              `(${seen.length} characters: ${JSON.stringify(seen.slice(0, 80))}${seen.length > 80 ? "…" : ""}).`,
            { attempts: attempt },
          );
        options.onLog?.("warn", `GraphQL answered a body that is not a GraphQL response (attempt ${attempt}); retrying`);
        await sleep((options.retryBaseMs ?? 1000) * attempt ** 2, options.signal);
      }
    },
  };
}

/** What a 200 answer that is not a GraphQL response was: JSON cut off, a web page, or something else (#44). */
function bodyKind(seen: string): string {
  const text = seen.trimStart();
  if (text.startsWith("{") || text.startsWith("[")) {
    try {
      JSON.parse(text);
      return "a 200 whose JSON is not a GraphQL response";
    } catch {
      return "a 200 whose body was cut off (truncated JSON)";
    }
  }
  if (text.startsWith("<")) return "a 200 carrying an HTML page instead of JSON";
  return "a 200 whose body is not a GraphQL response";
}

/** The data and errors of a GraphQL answer plugin-retry raised as a 500, when it carries data; null otherwise. */
function partialGraphqlAnswer<T>(e: unknown): GraphqlResult<T> | null {
  if (statusOf(e) !== 500) return null;
  const body = (e as { response?: { data?: unknown } }).response?.data;
  if (body === null || typeof body !== "object" || !("data" in body)) return null;
  const b = body as { data?: T | null; errors?: GraphqlResult<T>["errors"] };
  if (b.data === null || b.data === undefined) return null;
  return { data: b.data, errors: b.errors ?? [] };
}
