import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { admitSignIn, SIGN_INS_PER_CLIENT } from "./sign-in-gate";

describe("admitSignIn", () => {
  it("admits SIGN_INS_PER_CLIENT at once per client, refuses the next as busy, and admits again once one is answered", () => {
    const client = `10.0.${randomBytes(1)[0]}.1`;
    const releases = Array.from({ length: SIGN_INS_PER_CLIENT }, () => admitSignIn(client));
    let refused: unknown;
    try {
      admitSignIn(client);
    } catch (e) {
      refused = e;
    }
    expect(isAppError(refused, "rate_limited")).toBe(true);
    // another client is not held up by this one
    admitSignIn(`10.1.${randomBytes(1)[0]}.1`)();
    releases[0]();
    releases[0](); // a second release of the same sign-in frees nothing more
    const again = admitSignIn(client);
    expect(() => admitSignIn(client)).toThrow(/try again/);
    again();
    for (const release of releases) release();
  });

  it("does not limit a client whose address is unknown", () => {
    const releases = Array.from({ length: 10 }, () => admitSignIn(null));
    for (const release of releases) release();
  });
});
