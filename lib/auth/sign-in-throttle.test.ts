import { describe, expect, it } from "vitest";
import { FREE_FAILURES_PER_LOGIN, MAX_WAIT_MS, THROTTLE_WINDOW_MS, waitAfterFailures } from "./sign-in-throttle";

const now = new Date("2026-12-03T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("waitAfterFailures", () => {
  it("lets the first failures through at once", () => {
    expect(waitAfterFailures([], 5, now)).toBe(0);
    expect(
      waitAfterFailures(
        Array.from({ length: 4 }, () => ago(10)),
        5,
        now,
      ),
    ).toBe(0);
  });

  it("then doubles the wait with each further failure, counted from the last one", () => {
    const five = Array.from({ length: 5 }, () => ago(100));
    expect(waitAfterFailures(five, 5, now)).toBe(900); // 1 s after the last failure, 0.1 s gone
    expect(waitAfterFailures([...five, ago(100)], 5, now)).toBe(1900);
    expect(waitAfterFailures([...five, ago(100), ago(100)], 5, now)).toBe(3900);
  });

  it("caps the wait", () => {
    const many = Array.from({ length: 40 }, () => ago(0));
    expect(waitAfterFailures(many, FREE_FAILURES_PER_LOGIN, now)).toBe(MAX_WAIT_MS);
  });

  it("forgets failures older than the window", () => {
    const old = Array.from({ length: 30 }, () => ago(THROTTLE_WINDOW_MS + 1));
    expect(waitAfterFailures(old, 5, now)).toBe(0);
  });
});
