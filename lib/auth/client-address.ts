// The client's address, for per-address sign-in throttling. Next's server sets X-Forwarded-For to
// the socket's peer only when the request has none, and a reverse proxy appends the peer it saw, so
// the last entry is the nearest hop. Without a reverse proxy a client can send its own header and
// so pick its address: per-address throttling then slows honest clients only, while the per-login
// limit and the cap on concurrent hashing hold whatever the headers say.
export function clientAddress(headers: { get(name: string): string | null }): string | null {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .at(-1);
  return last ?? headers.get("x-real-ip") ?? null;
}
