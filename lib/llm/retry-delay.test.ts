import { describe, expect, it } from "vitest";
import { seededRandom } from "@/lib/random/seeded";
import { backoffDelayMs, parseRetryAfter } from "./retry-delay";

const now = Date.parse("2025-03-04T10:00:00Z");

describe("parseRetryAfter", () => {
  it("reads delta-seconds, including fractional ones", () => {
    expect(parseRetryAfter(new Headers({ "retry-after": "2" }), now)).toBe(2_000);
    expect(parseRetryAfter(new Headers({ "retry-after": "0.05" }), now)).toBe(50);
  });

  it("reads an HTTP date relative to now, never negative", () => {
    expect(parseRetryAfter(new Headers({ "retry-after": "Tue, 04 Mar 2025 10:00:30 GMT" }), now)).toBe(30_000);
    expect(parseRetryAfter(new Headers({ "retry-after": "Tue, 04 Mar 2025 09:59:00 GMT" }), now)).toBe(0);
  });

  it("prefers OpenAI's retry-after-ms and ignores garbage", () => {
    expect(parseRetryAfter(new Headers({ "retry-after": "1", "retry-after-ms": "250" }), now)).toBe(250);
    expect(parseRetryAfter(new Headers({ "retry-after": "soon" }), now)).toBeNull();
    expect(parseRetryAfter(new Headers(), now)).toBeNull();
  });
});

describe("backoffDelayMs", () => {
  it("doubles per retry within [window/2, window] and stops at the cap", () => {
    const random = seededRandom(42);
    const policy = { baseMs: 100, maxMs: 1_000 };
    const delays = [0, 1, 2, 3, 4, 5].map((i) => backoffDelayMs(i, policy, random));
    const windows = [100, 200, 400, 800, 1_000, 1_000];
    delays.forEach((d, i) => {
      expect(d).toBeGreaterThanOrEqual(windows[i] / 2);
      expect(d).toBeLessThanOrEqual(windows[i]);
    });
  });

  it("spreads clients that failed together", () => {
    const policy = { baseMs: 1_000, maxMs: 30_000 };
    const a = backoffDelayMs(2, policy, seededRandom(1));
    const b = backoffDelayMs(2, policy, seededRandom(2));
    expect(a).not.toBe(b);
  });
});
