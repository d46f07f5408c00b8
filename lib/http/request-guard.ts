// Requests that change state must come from the workbench's own pages. SameSite=Lax cookies stop
// other sites, but not other origins of the same site (another port of the host, a sibling
// subdomain): a page there could post a text/plain form to /api/labels with the annotator's cookie.
// So every state-changing request is checked, before any route handler or server action runs (the
// proxy for pages, `route()` for route handlers, which the proxy leaves alone: proxy.ts):
// - the browser's Sec-Fetch-Site must be same-origin (or none: typed, bookmarked);
// - an Origin header, when sent, must be this server's own; X-Forwarded-Host/-Proto count only
//   behind a reverse proxy we were told of (TRUST_PROXY > 0): anyone can send them otherwise;
// - a route handler's body must be JSON or multipart; a page's server action (marked by its
//   Next-Action header, which no other origin can send without a CORS preflight we never grant) is
//   exempt on pages only, never on a route handler's path, where the header means nothing to Next;
//   its arguments must hold its form (multipart), as every action here is a form's.
// Non-browser clients (curl, cron, scripts) send neither header and pass on to their own checks.

export interface GuardedRequest {
  method: string;
  /** this server's origin as the request addressed it, e.g. http://127.0.0.1:3000 */
  origin: string;
  headers: { get(name: string): string | null };
  /** the path asked for: a route handler's path gets no server-action exemption */
  pathname?: string;
}

export interface GuardOptions {
  /** how many reverse proxies stand in front (config TRUST_PROXY); 0 = their headers are not trusted */
  trustProxy: number;
}

export interface GuardRefusal {
  status: 403 | 413 | 415;
  code: "forbidden" | "payload_too_large" | "unsupported_media_type";
  error: string;
}

/**
 * Next's limit on a server action's body (its default, 1 MB). Beyond it Next fails the action with
 * a 500 after reading the body; the guard refuses it from the declared length first, as a 413.
 */
export const SERVER_ACTION_MAX_BYTES = 1024 * 1024;

/**
 * The most a route handler's JSON body may hold (the README's promise): refused by its declared
 * length before a byte is read, and while it streams in (lib/http/read-json-body.ts).
 */
export const JSON_BODY_MAX_BYTES = 10 * 1024 * 1024;

/** Paths served by route handlers (app/api, and the predictions upload): no server actions there. */
export const ROUTE_HANDLER_PATHS = [/^\/api\//, /^\/evaluate\/runs\/?$/];

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const BODY_TYPES = ["application/json", "multipart/form-data"];
/** What Next's server actions send: the client's fetch (text/plain) or a form posted without JavaScript. */
const SERVER_ACTION_TYPES = ["text/plain", "multipart/form-data", "application/x-www-form-urlencoded"];
/**
 * Every server action of the workbench is a form's (lib/http/form-action.ts): React sends its arguments
 * (the form's previous state and the FormData) as multipart/form-data. Arguments sent as text/plain hold
 * no form, so no action here could take them: a hand-made call is answered 415 before Next runs the action,
 * which could only answer 200.
 */
const FORMLESS_ACTION_TYPE = "text/plain";

export function isRouteHandlerPath(pathname: string): boolean {
  return ROUTE_HANDLER_PATHS.some((pattern) => pattern.test(pathname));
}

export function guardRequest(request: GuardedRequest, options: GuardOptions = { trustProxy: 0 }): GuardRefusal | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none")
    return {
      status: 403,
      code: "forbidden",
      error: `Refused: this request came from another origin (${site}); use the workbench's own pages.`,
    };
  const origin = request.headers.get("origin");
  if (origin !== null && !sameOrigin(origin, request, options)) {
    return {
      status: 403,
      code: "forbidden",
      error: `Refused: this request came from ${origin}, not from the workbench (${request.origin}).`,
    };
  }
  const length = request.headers.get("content-length");
  const contentType = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const serverAction =
    request.headers.get("next-action") !== null &&
    !(request.pathname !== undefined && isRouteHandlerPath(request.pathname)) &&
    SERVER_ACTION_TYPES.includes(contentType);
  if (serverAction) {
    if (length !== null && Number(length) > SERVER_ACTION_MAX_BYTES)
      return {
        status: 413,
        code: "payload_too_large",
        error: `The form is larger than ${SERVER_ACTION_MAX_BYTES / 1024 / 1024} MB; shorten its text or upload files through the upload forms.`,
      };
    if (contentType === FORMLESS_ACTION_TYPE)
      return {
        status: 415,
        code: "unsupported_media_type",
        error:
          "This action takes a form: send the form's previous state, then its fields as multipart/form-data (as the workbench's pages do), not text/plain.",
      };
    return null;
  }
  const emptyBody = length === "0" || (length === null && request.headers.get("transfer-encoding") === null);
  if (!emptyBody && !BODY_TYPES.includes(contentType)) {
    return {
      status: 415,
      code: "unsupported_media_type",
      error: `Send the body as ${BODY_TYPES.join(" or ")}${contentType ? `, not ${contentType}` : ""}.`,
    };
  }
  return null;
}

function sameOrigin(origin: string, request: GuardedRequest, options: GuardOptions): boolean {
  if (origin === "null") return false;
  let sent: URL;
  try {
    sent = new URL(origin);
  } catch {
    return false;
  }
  const own = new URL(request.origin);
  const behindProxy = options.trustProxy > 0;
  if (sent.protocol !== own.protocol && !(behindProxy && forwardedProtoMatches(sent, request))) return false;
  // behind a reverse proxy the browser's origin is the proxy's public host; without one, the
  // X-Forwarded-Host header is whatever the sender wrote (an Origin of evil plus X-Forwarded-Host evil)
  const forwardedHost = behindProxy ? request.headers.get("x-forwarded-host") : null;
  const hosts = [own.host, request.headers.get("host"), forwardedHost].filter((h) => h !== null);
  return hosts.includes(sent.host);
}

function forwardedProtoMatches(sent: URL, request: GuardedRequest): boolean {
  const proto = request.headers.get("x-forwarded-proto");
  return proto !== null && `${proto.split(",")[0].trim()}:` === sent.protocol;
}

/**
 * The guard as a Response, before anything reads the body; null when the request may go on. The proxy
 * runs it for the pages, and `route()` for every route handler (which the proxy leaves out: proxy.ts).
 */
export function refusalOf(request: Request, options: GuardOptions = { trustProxy: 0 }): Response | null {
  // the origin the browser addressed (Next's request URL says localhost for 127.0.0.1)
  const url = new URL(request.url);
  const origin = `${url.protocol}//${request.headers.get("host") ?? url.host}`;
  const refusal = guardRequest({ method: request.method, origin, headers: request.headers, pathname: url.pathname }, options);
  return refusal ? Response.json({ code: refusal.code, error: refusal.error }, { status: refusal.status }) : null;
}
