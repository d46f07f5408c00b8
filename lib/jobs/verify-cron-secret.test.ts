import { describe, expect, test } from "vitest";
import { verifyCronSecret } from "./verify-cron-secret";

const SECRET = "cron-secret-0123456789abcdef";

describe("verifyCronSecret", () => {
  test("accepts the secret bare or as a bearer token", () => {
    expect(verifyCronSecret(SECRET, SECRET)).toBe(true);
    expect(verifyCronSecret(`Bearer ${SECRET}`, SECRET)).toBe(true);
  });
  test("rejects a wrong, truncated or missing secret, and everything when none is configured", () => {
    expect(verifyCronSecret("cron-secret-0123456789abcdeX", SECRET)).toBe(false);
    expect(verifyCronSecret(SECRET.slice(0, -1), SECRET)).toBe(false);
    expect(verifyCronSecret(null, SECRET)).toBe(false);
    expect(verifyCronSecret("", SECRET)).toBe(false);
    expect(verifyCronSecret(SECRET, undefined)).toBe(false);
    expect(verifyCronSecret("", "")).toBe(false);
  });
});
