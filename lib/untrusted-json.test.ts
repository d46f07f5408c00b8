import { describe, expect, it } from "vitest";
import { formFieldWithNul, jsonProblem, MAX_JSON_DEPTH, parseUntrustedJson, showNul } from "./untrusted-json";

describe("parseUntrustedJson", () => {
  it("accepts ordinary JSON", () => {
    expect(parseUntrustedJson('{"instanceId":"a","value":"trustworthy","tags":[1,{"x":null}]}')).toEqual({
      ok: true,
      value: { instanceId: "a", value: "trustworthy", tags: [1, { x: null }] },
    });
  });

  it("refuses text that is not JSON", () => {
    const reading = parseUntrustedJson("instance_id,prediction");
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.reason).toMatch(/^not JSON/);
  });

  it("refuses 200,000 nested arrays without overflowing the stack (JSON.stringify of it would)", () => {
    const text = "[".repeat(200_000) + "]".repeat(200_000);
    expect(() => JSON.stringify(JSON.parse(text))).toThrow(RangeError);
    expect(parseUntrustedJson(text)).toEqual({ ok: false, reason: `nested more than ${MAX_JSON_DEPTH} levels deep` });
  });

  it("accepts nesting up to the limit", () => {
    const depth = MAX_JSON_DEPTH;
    expect(parseUntrustedJson("[".repeat(depth) + "]".repeat(depth)).ok).toBe(true);
    expect(parseUntrustedJson("[".repeat(depth + 1) + "]".repeat(depth + 1)).ok).toBe(false);
  });

  it("names the field holding a NUL character, escaped or in a key", () => {
    expect(parseUntrustedJson('{"rationale":"a\\u0000b"}')).toEqual({
      ok: false,
      reason: "field rationale contains the NUL character (\\u0000)",
    });
    expect(jsonProblem({ rows: [{ eval_id: "x\u0000" }] })).toBe("field rows[0].eval_id contains the NUL character (\\u0000)");
    expect(jsonProblem({ "a\u0000": 1 })).toBe("a field name at the top level contains the NUL character (\\u0000)");
    expect(jsonProblem("\u0000")).toBe("the text contains the NUL character (\\u0000)");
  });

  it("keeps NUL characters when the caller escapes them itself", () => {
    expect(parseUntrustedJson('{"body":"a\\u0000b"}', { allowNul: true })).toEqual({ ok: true, value: { body: "a\u0000b" } });
  });
});

describe("formFieldWithNul", () => {
  it("finds the first field holding NUL in its name or text", () => {
    const form = new FormData();
    form.set("login", "admin");
    form.set("password", "x\u0000y");
    expect(formFieldWithNul(form.entries())).toBe("password");
    expect(formFieldWithNul([["login", "admin"]])).toBeNull();
  });
});

describe("showNul", () => {
  it("shows NUL characters in texts and keys' values as ␀ and leaves the rest alone", () => {
    const value = { reason: "got a\u0000b", items: [{ evalId: "x", n: 3, ok: true, none: null }] };
    expect(showNul(value)).toEqual({ reason: "got a\u2400b", items: [{ evalId: "x", n: 3, ok: true, none: null }] });
    expect(jsonProblem(showNul(value))).toBeNull();
  });
});
