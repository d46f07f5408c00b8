import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { limitedBody, readLimitedForm, readLimitedText } from "./read-limited-text";

const streamed = (chunks: string[], headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1/x", {
    method: "POST",
    headers,
    body: new ReadableStream({
      start(c) {
        for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
        c.close();
      },
    }),
    // @ts-expect-error Node's fetch needs duplex for a streamed body; the DOM types do not know it
    duplex: "half",
  });

describe("readLimitedText", () => {
  it("reads a body within the limit", async () => {
    expect(await readLimitedText(streamed(['{"a":', "1}"]), 100)).toBe('{"a":1}');
  });
  it("refuses a declared length over the limit before reading", async () => {
    const r = new Request("http://127.0.0.1/x", { method: "POST", body: "x".repeat(50), headers: { "content-length": "50" } });
    await expect(readLimitedText(r, 10)).rejects.toSatisfy((e) => isAppError(e, "payload_too_large"));
    expect(r.bodyUsed).toBe(false);
  });
  it("stops a streamed body as soon as it passes the limit", async () => {
    let pulled = 0;
    const body = new ReadableStream({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(1024));
      },
    });
    // @ts-expect-error see above
    const r = new Request("http://127.0.0.1/x", { method: "POST", body, duplex: "half" });
    await expect(readLimitedText(r, 4096)).rejects.toSatisfy((e) => isAppError(e, "payload_too_large"));
    expect(pulled).toBeLessThan(10);
  });
});

describe("limitedBody", () => {
  it("parses multipart within the limit and refuses it past the limit", async () => {
    const form = new FormData();
    form.set("name", "run");
    form.set("file", new Blob(["x".repeat(2000)]), "p.jsonl");
    const make = () => new Request("http://127.0.0.1/x", { method: "POST", body: form });
    expect((await limitedBody(make(), 10_000).formData()).get("name")).toBe("run");
    const noLength = make();
    await expect(limitedBody(noLength, 1000).formData()).rejects.toBeTruthy();
  });
});

describe("readLimitedForm", () => {
  const whatToSend = "Send the files as a multipart form.";
  it("reads a form within the limit, refuses one past it as too large and anything else in the route's words", async () => {
    const form = new FormData();
    form.set("split", "test");
    form.set("files", new Blob(["x".repeat(2000)]), "a.jsonl");
    const make = () => new Request("http://127.0.0.1/x", { method: "POST", body: form });
    expect((await readLimitedForm(make(), 10_000, whatToSend)).get("split")).toBe("test");
    await expect(readLimitedForm(make(), 1000, whatToSend)).rejects.toSatisfy((e) => isAppError(e, "payload_too_large"));
    const noBoundary = new Request("http://127.0.0.1/x", { method: "POST", body: "x", headers: { "content-type": "multipart/form-data" } });
    await expect(readLimitedForm(noBoundary, 1000, whatToSend)).rejects.toSatisfy(
      (e) => isAppError(e, "invalid_input") && e.message === whatToSend,
    );
  });
});
