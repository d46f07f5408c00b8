import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, apiFetch } from "./api-client";

let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.url === "/ok") return send(200, { n: 1 });
    if (req.url === "/refused") return send(403, { code: "not_assigned", error: "Not yours.", details: { instanceId: "i1" } });
    if (req.url === "/down") return send(503, { code: "llm_unavailable", error: "No LLM." });
    res.writeHead(500);
    res.end("<html>oops</html>");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const address = server.address();
  base = typeof address === "object" && address ? `http://127.0.0.1:${address.port}` : "";
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("apiFetch", () => {
  it("returns the JSON body of a success", async () => {
    expect(await apiFetch<{ n: number }>(`${base}/ok`)).toEqual({ n: 1 });
  });
  it("throws the server's code, message and details, and says a refusal is final", async () => {
    const e = await apiFetch(`${base}/refused`).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 403, code: "not_assigned", message: "Not yours.", details: { instanceId: "i1" }, retriable: false });
  });
  it("says a server error or no answer can be retried", async () => {
    expect(await apiFetch(`${base}/down`).catch((x: unknown) => x)).toMatchObject({ status: 503, retriable: true });
    expect(await apiFetch(`${base}/html`).catch((x: unknown) => x)).toMatchObject({ status: 500, code: "http_error", retriable: true });
    expect(await apiFetch("http://127.0.0.1:1/x").catch((x: unknown) => x)).toMatchObject({ status: 0, code: "network", retriable: true });
  });
});
