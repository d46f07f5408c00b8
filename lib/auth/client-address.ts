// The client's address, for per-address sign-in throttling, from X-Forwarded-For as far as it can be
// trusted. Next's server sets X-Forwarded-For to the socket's peer only when the request has none, so
// without a reverse proxy a client can send its own and pick any address: then no address is trusted
// (TRUST_PROXY=0, the default) and only the per-login limit and the bounded hashing queue hold. Behind
// N reverse proxies (TRUST_PROXY=N), each appends the peer it saw: the Nth entry from the end is the
// address the outermost proxy saw, which the client cannot choose.
export function clientAddress(headers: { get(name: string): string | null }, trustedProxies: number): string | null {
  if (trustedProxies <= 0) return null;
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return entries.length >= trustedProxies ? (entries[entries.length - trustedProxies] ?? null) : null;
}
