// The cron route's guard: the platform sends a shared secret in a header; compare it in constant time
// (hashing first makes the lengths equal, so timingSafeEqual never throws and length leaks nothing).
import { createHash, timingSafeEqual } from "node:crypto";

export function verifyCronSecret(headerValue: string | null | undefined, secret: string | null | undefined): boolean {
  if (!secret || !headerValue) return false;
  // "Authorization: Bearer <secret>" (Vercel cron) or the bare secret
  const presented = headerValue.replace(/^Bearer\s+/i, "");
  const a = createHash("sha256").update(presented).digest();
  const b = createHash("sha256").update(secret).digest();
  return timingSafeEqual(a, b);
}
