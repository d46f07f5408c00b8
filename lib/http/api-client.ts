// The one browser fetch client: JSON in, JSON out. A non-2xx answer becomes an ApiError carrying the
// server's { code, error, details?, issues? } (lib/http/error-response.ts) and whether trying again
// can help (no answer, a server error, a timeout, a rate limit) or not (refused, invalid, gone).
// No server-only imports: client components use it.

export class ApiError extends Error {
  constructor(
    /** 0 = no answer from the server at all */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly issues?: unknown[],
  ) {
    super(message);
    this.name = "ApiError";
  }

  get retriable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 408 || this.status === 429;
  }
}

/** Whether a thrown value is an ApiError, by its name and status rather than class identity (see isAppError). */
export function isApiError(e: unknown): e is ApiError {
  return e instanceof Error && e.name === "ApiError" && "status" in e && typeof e.status === "number" && "retriable" in e;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export async function apiFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { "content-type": "application/json", ...init.headers }, cache: "no-store" });
  } catch {
    throw new ApiError(0, "network", "The server cannot be reached.");
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const b = isRecord(body) ? body : {};
    throw new ApiError(
      res.status,
      typeof b.code === "string" ? b.code : "http_error",
      typeof b.error === "string" ? b.error : `The server answered ${res.status}.`,
      isRecord(b.details) ? b.details : undefined,
      Array.isArray(b.issues) ? b.issues : undefined,
    );
  }
  // The caller names the success shape of its own route; the route handler owns that contract.
  return body as T;
}
