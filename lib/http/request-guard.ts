// Requests that change state must come from the workbench's own pages. SameSite=Lax cookies stop
// other sites, but not other origins of the same site (another port of the host, a sibling
// subdomain): a page there could post a text/plain form to /api/labels with the annotator's cookie.
// So every state-changing request is checked here, before any route handler or server action runs:
// - the browser's Sec-Fetch-Site must be same-origin (or none: typed, bookmarked);
// - an Origin header, when sent, must be this server's own;
// - a route handler's body must be JSON or multipart (a server action, marked by its Next-Action
//   header, which no other origin can send without a CORS preflight we never grant, is exempt).
// Non-browser clients (curl, cron, scripts) send neither header and pass on to their own checks.

export interface GuardedRequest {
  method: string;
  /** this server's origin as the request addressed it, e.g. http://127.0.0.1:3000 */
  origin: string;
  headers: { get(name: string): string | null };
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

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const BODY_TYPES = ["application/json", "multipart/form-data"];

export function guardRequest(request: GuardedRequest): GuardRefusal | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none")
    return {
      status: 403,
      code: "forbidden",
      error: `Refused: this request came from another origin (${site}); use the workbench's own pages.`,
    };
  const origin = request.headers.get("origin");
  if (origin !== null && !sameOrigin(origin, request)) {
    return {
      status: 403,
      code: "forbidden",
      error: `Refused: this request came from ${origin}, not from the workbench (${request.origin}).`,
    };
  }
  const length = request.headers.get("content-length");
  if (request.headers.get("next-action") !== null) {
    if (length !== null && Number(length) > SERVER_ACTION_MAX_BYTES)
      return {
        status: 413,
        code: "payload_too_large",
        error: `The form is larger than ${SERVER_ACTION_MAX_BYTES / 1024 / 1024} MB; shorten its text or upload files through the upload forms.`,
      };
    return null;
  }
  const contentType = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
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

function sameOrigin(origin: string, request: GuardedRequest): boolean {
  if (origin === "null") return false;
  let sent: URL;
  try {
    sent = new URL(origin);
  } catch {
    return false;
  }
  const own = new URL(request.origin);
  if (sent.protocol !== own.protocol && !forwardedProtoMatches(sent, request)) return false;
  // behind a reverse proxy the browser's origin is the proxy's public host
  const hosts = [own.host, request.headers.get("host"), request.headers.get("x-forwarded-host")].filter((h) => h !== null);
  return hosts.includes(sent.host);
}

function forwardedProtoMatches(sent: URL, request: GuardedRequest): boolean {
  const proto = request.headers.get("x-forwarded-proto");
  return proto !== null && `${proto.split(",")[0].trim()}:` === sent.protocol;
}

/**
 * The guard as a Response, before anything reads the body; null when the request may go on. The proxy
 * runs it for every route it sees, and the routes it leaves out (proxy.ts config) run it themselves.
 */
export function refusalOf(request: Request): Response | null {
  // the origin the browser addressed (Next's request URL says localhost for 127.0.0.1)
  const url = new URL(request.url);
  const origin = `${url.protocol}//${request.headers.get("host") ?? url.host}`;
  const refusal = guardRequest({ method: request.method, origin, headers: request.headers });
  return refusal ? Response.json({ code: refusal.code, error: refusal.error }, { status: refusal.status }) : null;
}
