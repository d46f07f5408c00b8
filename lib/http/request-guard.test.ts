import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { guardRequest, SERVER_ACTION_MAX_BYTES } from "./request-guard";

const ORIGIN = "http://127.0.0.1:3000";
const req = (method: string, headers: Record<string, string>) => ({
  method,
  origin: ORIGIN,
  headers: new Headers({ host: "127.0.0.1:3000", ...headers }),
});

describe("guardRequest", () => {
  it("lets reads through whatever their origin", () => {
    expect(guardRequest(req("GET", { "sec-fetch-site": "cross-site", origin: "https://evil.example" }))).toBeNull();
  });

  it("lets the workbench's own pages post JSON and multipart", () => {
    expect(guardRequest(req("POST", { "sec-fetch-site": "same-origin", origin: ORIGIN, "content-type": "application/json" }))).toBeNull();
    expect(guardRequest(req("PUT", { origin: ORIGIN, "content-type": "multipart/form-data; boundary=x" }))).toBeNull();
  });

  it("refuses a same-site page on another port posting a text/plain form (the attack that changed a label)", () => {
    const r = guardRequest(req("POST", { "sec-fetch-site": "same-site", origin: "http://127.0.0.1:4000", "content-type": "text/plain" }));
    expect(r).toMatchObject({ status: 403, code: "forbidden" });
  });

  it("refuses a foreign Origin even without Sec-Fetch-Site (older browsers), and the opaque null origin", () => {
    expect(guardRequest(req("POST", { origin: "http://sibling.127.0.0.1.nip.io:3000", "content-type": "application/json" }))?.status).toBe(
      403,
    );
    expect(guardRequest(req("POST", { origin: "null", "content-type": "application/json" }))?.status).toBe(403);
    expect(guardRequest(req("DELETE", { origin: "https://127.0.0.1:3000" }))?.status).toBe(403);
  });

  it("refuses route-handler bodies that are neither JSON nor multipart, from anyone", () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const r = guardRequest(req("POST", { "sec-fetch-site": "same-origin", "content-type": type, "content-length": "10" }));
      expect(r).toMatchObject({ status: 415, code: "unsupported_media_type" });
      expect(r?.error).toContain(type);
    }
    expect(guardRequest(req("POST", { "content-length": "12" }))?.status).toBe(415);
  });

  it("lets a bodiless POST and a server action (Next-Action header) through the body check", () => {
    expect(guardRequest(req("POST", {}))).toBeNull();
    expect(guardRequest(req("POST", { "content-length": "0" }))).toBeNull();
    expect(guardRequest(req("POST", { "next-action": "abc", origin: ORIGIN, "content-type": "text/plain;charset=UTF-8" }))).toBeNull();
  });

  it("refuses a server action over Next's 1 MB body limit by its declared length, as 413 instead of Next's 500", () => {
    const action = (length: number) => req("POST", { "next-action": "abc", origin: ORIGIN, "content-length": String(length) });
    expect(guardRequest(action(SERVER_ACTION_MAX_BYTES))).toBeNull();
    expect(guardRequest(action(SERVER_ACTION_MAX_BYTES + 1))).toMatchObject({ status: 413, code: "payload_too_large" });
  });

  it("still checks the origin of a server action", () => {
    expect(guardRequest(req("POST", { "next-action": "abc", origin: "http://127.0.0.1:4000", "content-type": "text/plain" }))?.status).toBe(
      403,
    );
  });

  it("accepts the public host a reverse proxy forwards", () => {
    const r = guardRequest(
      req("POST", {
        origin: "https://workbench.example.org",
        "x-forwarded-host": "workbench.example.org",
        "x-forwarded-proto": "https",
        "content-type": "application/json",
      }),
    );
    expect(r).toBeNull();
  });
});

describe("proxy", () => {
  it("answers a refused request with the workbench's JSON error shape", async () => {
    const res = proxy(
      new NextRequest(`${ORIGIN}/api/labels`, {
        method: "POST",
        headers: { host: "127.0.0.1:3000", origin: "http://127.0.0.1:4000", "content-type": "text/plain" },
        body: "x",
      }),
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "forbidden" });
  });

  it("passes an allowed request on", () => {
    const res = proxy(
      new NextRequest(`${ORIGIN}/api/labels`, {
        method: "POST",
        headers: { host: "127.0.0.1:3000", origin: ORIGIN, "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(res.headers.get("x-middleware-next")).toBe("1");
  });
});
