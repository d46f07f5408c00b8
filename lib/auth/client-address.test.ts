import { describe, expect, test } from "vitest";
import { clientAddress } from "./client-address";

const headers = (xff: string | null) => ({ get: (name: string) => (name === "x-forwarded-for" ? xff : null) });

describe("the client's address trusts X-Forwarded-For only as far as TRUST_PROXY says (#32 item 5)", () => {
  test("with no proxy trusted, a client-set header gives no address (a flood cannot spread over invented ones)", () => {
    expect(clientAddress(headers("203.0.113.9"), 0)).toBeNull();
    expect(clientAddress(headers(null), 0)).toBeNull();
  });
  test("behind N proxies, the Nth entry from the end: what the outermost proxy saw, whatever the client prepended", () => {
    expect(clientAddress(headers("6.6.6.6, 198.51.100.7"), 1)).toBe("198.51.100.7");
    expect(clientAddress(headers("6.6.6.6, 198.51.100.7, 10.0.0.2"), 2)).toBe("198.51.100.7");
    // fewer entries than proxies: the request did not come through them all
    expect(clientAddress(headers("198.51.100.7"), 2)).toBeNull();
  });
});
