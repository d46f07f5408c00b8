import { readdirSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { config as proxyConfig, proxy } from "@/proxy";
import { guardRequest, isRouteHandlerPath, SERVER_ACTION_MAX_BYTES } from "./request-guard";

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
    expect(
      guardRequest(req("POST", { "next-action": "abc", origin: ORIGIN, "content-type": "multipart/form-data; boundary=x" })),
    ).toBeNull();
  });

  it("refuses a server action whose arguments hold no form (text/plain) as 415, naming what to send (#45 L)", () => {
    const refusal = guardRequest(req("POST", { "next-action": "abc", origin: ORIGIN, "content-type": "text/plain;charset=UTF-8" }));
    expect(refusal).toMatchObject({ status: 415, code: "unsupported_media_type" });
    expect(refusal?.error).toContain("This action takes a form");
    // a form posted without JavaScript is still let through
    const plainForm = req("POST", { "next-action": "abc", origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" });
    expect(guardRequest(plainForm)).toBeNull();
  });

  it("refuses a server action over Next's 1 MB body limit by its declared length, as 413 instead of Next's 500", () => {
    const action = (length: number) =>
      req("POST", {
        "next-action": "abc",
        origin: ORIGIN,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(length),
      });
    expect(guardRequest(action(SERVER_ACTION_MAX_BYTES))).toBeNull();
    expect(guardRequest(action(SERVER_ACTION_MAX_BYTES + 1))).toMatchObject({ status: 413, code: "payload_too_large" });
  });

  it("still checks the origin of a server action", () => {
    expect(guardRequest(req("POST", { "next-action": "abc", origin: "http://127.0.0.1:4000", "content-type": "text/plain" }))?.status).toBe(
      403,
    );
  });

  it("accepts the public host a reverse proxy forwards, when TRUST_PROXY says one stands in front", () => {
    const forwarded = req("POST", {
      origin: "https://workbench.example.org",
      "x-forwarded-host": "workbench.example.org",
      "x-forwarded-proto": "https",
      "content-type": "application/json",
    });
    expect(guardRequest(forwarded, { trustProxy: 1 })).toBeNull();
    // without it the headers are whatever the sender wrote (#45 K: Origin evil + X-Forwarded-Host evil saved a label)
    expect(guardRequest(forwarded, { trustProxy: 0 })?.status).toBe(403);
    expect(guardRequest(forwarded)?.status).toBe(403);
    const evil = req("POST", { origin: "http://evil.example", "x-forwarded-host": "evil.example", "content-type": "application/json" });
    expect(guardRequest(evil)).toMatchObject({ status: 403, code: "forbidden" });
  });

  it("gives a Next-Action header no exemption on a route handler's path, nor with a body no server action sends", () => {
    const bogus = (pathname: string, type: string) => ({
      ...req("POST", { "next-action": "abc", "content-type": type, "content-length": "20" }),
      pathname,
    });
    expect(guardRequest(bogus("/api/labels", "text/plain"))).toMatchObject({ status: 415, code: "unsupported_media_type" });
    expect(guardRequest(bogus("/evaluate/runs", "text/plain"))?.status).toBe(415);
    expect(guardRequest(bogus("/api/labels", "application/json"))).toBeNull();
    expect(guardRequest(bogus("/annotate/i1", "multipart/form-data; boundary=x"))).toBeNull();
    expect(guardRequest(bogus("/annotate/i1", "text/plain;charset=UTF-8"))?.status).toBe(415);
    expect(guardRequest(bogus("/annotate/i1", "application/xml"))?.status).toBe(415);
  });

  it("names every route handler's path as one (so none gets the server-action exemption)", () => {
    const handlers = routeHandlerPaths(path.resolve(__dirname, "../../app"));
    expect(handlers.length).toBeGreaterThan(15);
    expect(handlers.filter((p) => !isRouteHandlerPath(p))).toEqual([]);
    expect(isRouteHandlerPath("/annotate/i1")).toBe(false);
  });
});

/** The URL path of every app/**\/route.ts, dynamic segments filled in, route groups dropped. */
function routeHandlerPaths(appDir: string, segments: string[] = []): string[] {
  return readdirSync(appDir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) {
      // a route group "(workbench)" is no segment of the URL; a dynamic one "[id]" or "[...path]" is any value
      const group = /^\(.*\)$/.test(entry.name);
      const segment = entry.name.startsWith("[") ? "some-id" : entry.name;
      return routeHandlerPaths(path.join(appDir, entry.name), group ? segments : [...segments, segment]);
    }
    return entry.name === "route.ts" ? [`/${segments.join("/")}`] : [];
  });
}

describe("proxy", () => {
  it("runs for pages and leaves every route handler to route(), so Next buffers none of their bodies", () => {
    const matcher = new RegExp(`^${proxyConfig.matcher[0]}$`);
    for (const p of ["/annotate", "/annotate/i1", "/sign-in", "/"]) expect(matcher.test(p), p).toBe(true);
    for (const p of ["/api/labels", "/api/cron/ingest", "/api/exports/imports", "/evaluate/runs", "/_next/static/x.js"])
      expect(matcher.test(p), p).toBe(false);
  });

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
