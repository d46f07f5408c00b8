// fetch for the annotation pages: JSON in and out, and one error type that says whether trying
// again can help (network down, server error) or not (refused, invalid, no longer allowed).

export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
    this.name = "ApiError";
  }
  /** 0 = no answer from the server at all */
  get retriable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 408 || this.status === 429;
  }
}

export async function apiFetch<T>(url: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { "content-type": "application/json", ...init.headers }, cache: "no-store" });
  } catch {
    throw new ApiError(0, "network", "The server cannot be reached.");
  }
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, body?.code ?? "http_error", body?.error ?? `The server answered ${res.status}.`);
  return body as T;
}
