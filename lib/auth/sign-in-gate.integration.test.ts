import { randomBytes } from "node:crypto";
import { request as httpRequest, Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { isAppError } from "@/lib/errors";
import { stampPeerAddresses } from "./peer-address";
import { admitSignIn, refuseSignInFlood, SIGN_IN_POSTS_PER_CLIENT, SIGN_INS_PER_CLIENT } from "./sign-in-gate";

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

describe("refuseSignInFlood, at the server's door", () => {
  // a server class of its own, so the door does not reach other tests' servers in this worker
  class DoorServer extends Server {}
  stampPeerAddresses([DoorServer], refuseSignInFlood(0));

  /** POSTs /sign-in from a loopback address; resolves with the status once the server answers. */
  const post = (port: number, localAddress: string, path = "/sign-in") =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, method: "POST", path, localAddress }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end("login=x");
    });

  it("answers a client's sign-in posts beyond SIGN_IN_POSTS_PER_CLIENT open at once with 429 before the app sees them", async () => {
    const held: ServerResponse[] = [];
    let reached = 0;
    const server = new DoorServer((_req, res) => {
      reached++;
      held.push(res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const open = Array.from({ length: SIGN_IN_POSTS_PER_CLIENT }, () => post(port, "127.0.0.3"));
      await vi.waitFor(() => expect(reached).toBe(SIGN_IN_POSTS_PER_CLIENT));
      expect(await post(port, "127.0.0.3")).toBe(429);
      // another client, and another page of the same client, are let through
      const other = post(port, "127.0.0.4");
      const page = post(port, "127.0.0.3", "/annotate");
      await vi.waitFor(() => expect(reached).toBe(SIGN_IN_POSTS_PER_CLIENT + 2));
      // once its posts are answered, the client may post again
      for (const res of held.splice(0)) res.end("ok");
      await Promise.all([...open, other, page]);
      const again = post(port, "127.0.0.3");
      await vi.waitFor(() => expect(held).toHaveLength(1));
      held[0].end("ok");
      expect(await again).toBe(200);
    } finally {
      for (const res of held) res.end();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
