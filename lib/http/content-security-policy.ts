// The Content-Security-Policy of every page: scripts only with this request's nonce (Next puts it on its
// own bootstrap and chunk scripts when it finds the policy on the request, proxy.ts) and what they load
// ('strict-dynamic'); no 'unsafe-inline' for scripts, so a script injected into a page (a comment that got
// past the sanitiser, say) does not run. Images only from here (a comment's remote image is shown as a
// link), nothing may frame the workbench, forms post only here. The dev server also needs eval for its
// refresh runtime. Pure: the proxy calls it per request.

export function contentSecurityPolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** For answers the proxy does not see (the cron route, the uploads: JSON only): nothing may run or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
