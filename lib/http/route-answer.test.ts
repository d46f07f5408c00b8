import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { SessionUser } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors";
import { routeWith } from "./route-answer";

const alice: SessionUser = { id: "u-alice", login: "alice", name: "Alice", roles: ["annotator"] };
const signedInAs = (user: SessionUser | null) => routeWith(async () => user);
const LabelBody = z.object({ instanceId: z.string().min(1), value: z.enum(["trustworthy", "untrustworthy"]) });

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1:3000/api/labels", { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
const get = (query = "") => new Request(`http://127.0.0.1:3000/api/labels${query}`);

describe("route: who may call", () => {
  it("answers a signed-out request 401 without reading its body", async () => {
    const work = vi.fn(async () => ({}));
    const request = post('{"instanceId":"i1","value":"trustworthy"}');
    const res = await signedInAs(null)({ roles: ["annotator"], body: LabelBody }, work)(request);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: "unauthorized", error: "Sign in first." });
    expect(request.bodyUsed).toBe(false);
    expect(work).not.toHaveBeenCalled();
  });

  it("answers a user without the role 403, naming the roles needed", async () => {
    const res = await signedInAs(alice)({ roles: ["admin", "adjudicator"] }, async () => ({}))(get());
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: "forbidden",
      error: "This needs the admin or adjudicator role.",
      details: { needed: ["admin", "adjudicator"] },
    });
  });

  it("hands the signed-in user to the work, and reads no session on a public route", async () => {
    const readUser = vi.fn(async () => alice);
    const signedIn = await routeWith(readUser)({ roles: ["annotator"] }, async ({ user }) => ({ login: user.login }))(get());
    expect(await signedIn.json()).toEqual({ login: "alice" });
    readUser.mockClear();
    const open = await routeWith(readUser)({ roles: "public" }, async ({ user }) => ({ user }))(get());
    expect(await open.json()).toEqual({ user: null });
    expect(readUser).not.toHaveBeenCalled();
  });

  it("refuses another origin before anything (the proxy leaves route handlers to route())", async () => {
    const readUser = vi.fn(async () => alice);
    const res = await routeWith(readUser)({ roles: ["annotator"] }, async () => ({}))(
      post("{}", { origin: "http://127.0.0.1:1", host: "127.0.0.1:3000" }),
    );
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatch(/came from http:\/\/127\.0\.0\.1:1/);
    expect(readUser).not.toHaveBeenCalled();
  });
});

describe("route: input", () => {
  it("refuses a body that is not JSON as invalid input (422), saying so", async () => {
    const res = await signedInAs(alice)({ roles: ["annotator"], body: LabelBody }, async () => ({}))(post("value=trustworthy"));
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "invalid_input", error: "The body must be JSON." });
  });

  it("refuses a body the schema rejects with 422, every issue named by its field", async () => {
    const res = await signedInAs(alice)({ roles: ["annotator"], body: LabelBody }, async () => ({}))(
      post('{"instanceId":"","value":"maybe"}'),
    );
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe("invalid_input");
    expect(body.error).toMatch(/^instanceId: .*; value: /);
    expect(body.issues).toHaveLength(2);
  });

  it("parses the body, the query and the path parameters with their schemas", async () => {
    const handler = signedInAs(alice)(
      {
        roles: ["annotator"],
        body: LabelBody,
        query: z.object({ take: z.coerce.number().int() }),
        params: z.object({ id: z.string() }),
      },
      async ({ body, query, params }) => ({ body, query, params }),
    );
    const res = await handler(
      new Request("http://127.0.0.1:3000/api/x/i9?take=3", { method: "POST", body: '{"instanceId":"i1","value":"trustworthy","extra":1}' }),
      { params: Promise.resolve({ id: "i9" }) },
    );
    expect(await res.json()).toEqual({
      body: { instanceId: "i1", value: "trustworthy" },
      query: { take: 3 },
      params: { id: "i9" },
    });
  });

  it("refuses a bad query with 422", async () => {
    const res = await signedInAs(alice)({ roles: ["annotator"], query: z.object({ take: z.coerce.number().int() }) }, async () => ({}))(
      get("?take=many"),
    );
    expect(res.status).toBe(422);
    expect((await res.json()).error).toMatch(/^take: /);
  });
});

describe("route: answers", () => {
  it("answers the work's value as JSON with the spec's status", async () => {
    const res = await signedInAs(alice)({ roles: ["annotator"], status: 201 }, async () => ({ id: "p1" }))(get());
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ id: "p1" });
  });

  it("passes a Response the work built through untouched (files, archives)", async () => {
    const file = new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { "Content-Type": "application/gzip" } });
    const res = await signedInAs(alice)({ roles: ["annotator"], status: 201 }, async () => file)(get());
    expect(res).toBe(file);
  });

  it("answers an AppError with its code's status, message and details", async () => {
    const res = await signedInAs(alice)({ roles: ["annotator"] }, async () => {
      throw new AppError("not_assigned", "This instance is not assigned to you.", { instanceId: "i1" });
    })(get());
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: "not_assigned",
      error: "This instance is not assigned to you.",
      details: { instanceId: "i1" },
    });
  });

  it("answers anything else 500 with an error id and nothing internal", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await signedInAs(alice)({ roles: ["annotator"] }, async () => {
      throw new TypeError("cannot read password of undefined at /srv/app/lib/secret.ts");
    })(get());
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.code).toBe("internal");
    expect(JSON.stringify(body)).not.toMatch(/password|secret|TypeError/);
    expect(body.error).toMatch(/error id [0-9a-f]{8}/);
    log.mockRestore();
  });
});

/** A body stream that sends one chunk and then never ends, recording whether anyone pulled from it. */
function endlessBody(): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulls++;
        if (pulls === 1) controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
        // then nothing: an answer can only come from the headers
        return new Promise(() => {});
      },
    },
    { highWaterMark: 0 }, // nothing pulled until someone reads
  );
  return { stream, pulled: () => pulls };
}

const declaring = (bytes: number, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1:3000/api/labels", {
    method: "POST",
    body,
    duplex: "half",
    headers: { "content-type": "application/json", "content-length": String(bytes), ...headers },
  } as RequestInit);

describe("route: the request guard and the body's size (#45 K)", () => {
  it("answers a signed-out request declaring 50 MB with 401 from its headers, reading none of its body", async () => {
    const { stream, pulled } = endlessBody();
    const res = await signedInAs(null)({ roles: ["annotator"], body: LabelBody }, async () => ({}))(declaring(50e6, stream));
    expect(res.status).toBe(401);
    expect(pulled()).toBe(0);
  });

  it("refuses a signed-in JSON body declaring more than 10 MB with 413, before reading it", async () => {
    const { stream, pulled } = endlessBody();
    const res = await signedInAs(alice)({ roles: ["annotator"], body: LabelBody }, async () => ({}))(
      declaring(10 * 1024 * 1024 + 1, stream),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "payload_too_large" });
    expect(pulled()).toBe(0);
  });

  it("refuses a JSON body over 10 MB sent without a length with 413 (not 422 'must be JSON')", async () => {
    const big = JSON.stringify({ instanceId: "i1", value: "trustworthy", pad: "x".repeat(10 * 1024 * 1024) });
    const res = await signedInAs(alice)({ roles: ["annotator"], body: LabelBody }, async () => ({}))(post(big));
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/larger than 10 MB/);
  });

  it("refuses Origin evil with X-Forwarded-Host evil unless TRUST_PROXY says a reverse proxy stands in front", async () => {
    const forged = () =>
      post('{"instanceId":"i1","value":"trustworthy"}', {
        host: "127.0.0.1:3000",
        origin: "http://evil.example",
        "x-forwarded-host": "evil.example",
      });
    const work = vi.fn(async () => ({ saved: true }));
    expect((await routeWith(async () => alice)({ roles: ["annotator"], body: LabelBody }, work)(forged())).status).toBe(403);
    expect(work).not.toHaveBeenCalled();
    const behindProxy = routeWith(async () => alice, { trustProxy: () => 1 });
    expect((await behindProxy({ roles: ["annotator"], body: LabelBody }, work)(forged())).status).toBe(200);
  });

  it("refuses a text/plain body with a bogus Next-Action header on a route handler with 415", async () => {
    const work = vi.fn(async () => ({}));
    const res = await signedInAs(alice)({ roles: ["annotator"], body: LabelBody }, work)(
      new Request("http://127.0.0.1:3000/api/labels", {
        method: "POST",
        body: '{"instanceId":"i1","value":"trustworthy"}',
        headers: { "content-type": "text/plain", "next-action": "abc123", "content-length": "41" },
      }),
    );
    expect(res.status).toBe(415);
    expect(work).not.toHaveBeenCalled();
  });
});
