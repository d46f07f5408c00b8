// The address at the other end of a request's TCP connection, which the client cannot choose (unlike
// X-Forwarded-For, which Next passes on as the client sent it and fills from the socket only when it
// is missing). Next gives route handlers and server actions no access to the socket, so the server
// stamps each request with its peer under a header of its own, overwriting whatever a client sent
// under that name (`stampPeerAddresses`, installed by instrumentation.ts). With TRUST_PROXY=N the
// client is the address the outermost proxy saw (lib/auth/client-address.ts); without, the peer.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { clientAddress } from "./client-address";

export const PEER_ADDRESS_HEADER = "x-workbench-peer-address";

export interface HeaderReader {
  get(name: string): string | null;
}

/** A Node request's headers read like a fetch Request's (a repeated header as its first value). */
export function headersOf(request: IncomingMessage): HeaderReader {
  return {
    get: (name) => {
      const value = request.headers[name.toLowerCase()];
      return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
    },
  };
}

type ServerClass = { prototype: Pick<Server, "emit"> };
const stamped = new WeakSet<object>();

/**
 * Answers a request at the door, before Next sees it (true: answered, pass it on no further). Run on the
 * stamped request; the cheapest place to refuse a flood (lib/auth/sign-in-gate.ts).
 */
export type FrontDoor = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Makes every server of these classes stamp each request with its socket's peer address before anyone
 * reads it, and lets `frontDoor` answer it first.
 */
export function stampPeerAddresses(classes: ServerClass[], frontDoor?: FrontDoor): void {
  for (const serverClass of classes) {
    const proto = serverClass.prototype;
    if (stamped.has(proto)) continue;
    stamped.add(proto);
    const emit = proto.emit;
    proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
      if (event === "request") {
        const request = args[0] as IncomingMessage;
        const peer = request.socket?.remoteAddress;
        if (peer) request.headers[PEER_ADDRESS_HEADER] = peer;
        else delete request.headers[PEER_ADDRESS_HEADER];
        if (frontDoor?.(request, args[1] as ServerResponse)) return true;
      }
      return Reflect.apply(emit, this, [event, ...args]);
    } as Server["emit"];
  }
}

/**
 * Who is signing in, for fairness between clients: the address the trusted proxies name, else the
 * stamped peer, as a key (an IPv6 address by its /64, which one client holds whole; IPv4-mapped
 * addresses as IPv4). Null when neither is known (a server without the stamp).
 */
export function clientKey(headers: HeaderReader, trustedProxies: number): string | null {
  const address = clientAddress(headers, trustedProxies) ?? (trustedProxies > 0 ? null : headers.get(PEER_ADDRESS_HEADER));
  if (!address) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (v4) return v4[1];
  if (!address.includes(":")) return address;
  return `${expandIpv6(address).slice(0, 4).join(":")}::/64`;
}

function expandIpv6(address: string): string[] {
  const [head, tail = ""] = address.split("%")[0].toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const fill = address.includes("::") ? Array(Math.max(0, 8 - left.length - right.length)).fill("0") : [];
  return [...left, ...fill, ...right].map((group) => group.replace(/^0+(?=.)/, ""));
}
