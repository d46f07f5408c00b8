import { request as httpRequest, Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { clientKey, PEER_ADDRESS_HEADER, stampPeerAddresses } from "./peer-address";

// a class of our own, so the stamp does not reach other tests' servers in this worker
class StampedServer extends Server {}
stampPeerAddresses([StampedServer]);

/** What a handler on a stamped server sees as the peer header, for a request that tries to set it itself. */
async function seenPeer(spoofed: string, localAddress: string): Promise<string | undefined> {
  const server = new StampedServer((req, res) => res.end(String(req.headers[PEER_ADDRESS_HEADER] ?? "")));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, localAddress, headers: { [PEER_ADDRESS_HEADER]: spoofed } }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve(body));
      });
      req.on("error", reject);
      req.end();
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("the peer address stamp", () => {
  it("gives the handler the connection's own address, whatever the client wrote under the header's name", async () => {
    expect(await seenPeer("203.0.113.9", "127.0.0.1")).toBe("127.0.0.1");
    expect(await seenPeer("127.0.0.1", "127.0.0.2")).toBe("127.0.0.2");
  });
});

describe("clientKey", () => {
  const headers = (h: Record<string, string>) => new Headers(h);
  it("uses the stamped peer without trusted proxies, ignoring X-Forwarded-For", () => {
    expect(clientKey(headers({ [PEER_ADDRESS_HEADER]: "127.0.0.2", "x-forwarded-for": "198.51.100.7" }), 0)).toBe("127.0.0.2");
    expect(clientKey(headers({ [PEER_ADDRESS_HEADER]: "::ffff:10.0.0.5" }), 0)).toBe("10.0.0.5");
    expect(clientKey(headers({}), 0)).toBeNull();
  });
  it("uses the address the trusted proxies name behind them, not the proxy's own", () => {
    expect(clientKey(headers({ [PEER_ADDRESS_HEADER]: "10.0.0.1", "x-forwarded-for": "198.51.100.7" }), 1)).toBe("198.51.100.7");
  });
  it("keys an IPv6 client by its /64, which one client holds whole", () => {
    const a = clientKey(headers({ [PEER_ADDRESS_HEADER]: "2001:db8:1:2::1" }), 0);
    expect(a).toBe("2001:db8:1:2::/64");
    expect(clientKey(headers({ [PEER_ADDRESS_HEADER]: "2001:db8:1:2:aaaa:bbbb:cccc:dddd" }), 0)).toBe(a);
    expect(clientKey(headers({ [PEER_ADDRESS_HEADER]: "2001:db8:1:3::1" }), 0)).not.toBe(a);
  });
});
