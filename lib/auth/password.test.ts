import { describe, expect, it, vi } from "vitest";
import { isAppError } from "@/lib/errors";
import { codeOf } from "@/lib/unknown-value";
import { HASH_CONCURRENCY, hashPassword, MAX_WAITING, verifyAgainstDummy, verifyPassword } from "./password";

// A hash with the cheapest parameters: verifying it takes a hashing slot like any other, in microseconds.
const CHEAP = `scrypt$2$1$1$${Buffer.alloc(16).toString("base64")}$${Buffer.alloc(32).toString("base64")}`;

/** Holds every hashing slot and every waiting place, synchronously, until the returned promise settles. */
const saturate = () => Promise.all(Array.from({ length: HASH_CONCURRENCY + MAX_WAITING }, () => verifyPassword("x", CHEAP)));

describe("password hashing", () => {
  it("verifies the password a hash was made from, and no other", async () => {
    const stored = await hashPassword("correct horse");
    expect(stored).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct hose", stored)).toBe(false);
  });

  it("refuses a sign-in beyond the hashing queue instead of letting a burst starve everyone", async () => {
    const held = saturate();
    await expect(verifyPassword("x", CHEAP)).rejects.toSatisfy((e) => isAppError(e, "rate_limited"));
    await held;
  });

  it("makes an unknown login cost a real hash, through the same queue as a known one (#16 finding 6)", async () => {
    await verifyAgainstDummy("warm up: the dummy hash exists");
    const held = saturate();
    // were the unknown login answered without hashing, it would not need a slot and would not be refused
    await expect(verifyAgainstDummy("guess")).rejects.toSatisfy((e) => isAppError(e, "rate_limited"));
    await held;
    await expect(verifyAgainstDummy("guess")).resolves.toBe(false);
  });

  it("makes the dummy hash again after the first attempt to make it was refused (it is not kept as a failure)", async () => {
    vi.resetModules();
    const fresh = await import("./password");
    const held = Promise.all(Array.from({ length: fresh.HASH_CONCURRENCY + fresh.MAX_WAITING }, () => fresh.verifyPassword("x", CHEAP)));
    // the fresh module has its own AppError class: compare the code
    await expect(fresh.verifyAgainstDummy("guess")).rejects.toSatisfy((e) => codeOf(e) === "rate_limited");
    await held;
    await expect(fresh.verifyAgainstDummy("guess")).resolves.toBe(false);
  });
});
