import { describe, expect, it } from "vitest";
import { extractJsonObject } from "./extract-json";

describe("extractJsonObject", () => {
  it("parses bare JSON", () => {
    expect(extractJsonObject('{"verdict":"technical"}')).toEqual({ ok: true, value: { verdict: "technical" } });
  });

  it("finds the object inside a ```json fence after prose", () => {
    const content = 'Sure! Here is the result:\n```json\n{"verdict": "non_technical", "reason": "says thanks"}\n```';
    expect(extractJsonObject(content)).toEqual({ ok: true, value: { verdict: "non_technical", reason: "says thanks" } });
  });

  it("ignores braces inside string values and trailing chatter", () => {
    const content = '{"reason": "uses `{}` as default and a \\"}\\" quote"} Hope this helps {not json}';
    expect(extractJsonObject(content)).toEqual({ ok: true, value: { reason: 'uses `{}` as default and a "}" quote' } });
  });

  it("skips a stray brace in leading prose", () => {
    expect(extractJsonObject('Replace {x} with y. {"ok": true}')).toEqual({ ok: true, value: { ok: true } });
  });

  it("reports truncated and missing objects", () => {
    expect(extractJsonObject('{"verdict": "tech')).toMatchObject({ ok: false, reason: expect.stringMatching(/not closed/) });
    expect(extractJsonObject("technical")).toMatchObject({ ok: false, reason: expect.stringMatching(/no JSON object/) });
  });
});
