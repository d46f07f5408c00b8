import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { decodePredictionFile } from "./decode-prediction-file";

const bytes = (text: string) => new TextEncoder().encode(text);
const thrown = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return null;
};

describe("decodePredictionFile", () => {
  it("reads UTF-8 text as it is", () => {
    expect(decodePredictionFile("run.jsonl", bytes('{"eval_id":"é","prediction":true}\n'))).toEqual({
      name: "run.jsonl",
      text: '{"eval_id":"é","prediction":true}\n',
    });
  });

  it("refuses a PNG as 415 with its name", () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const error = thrown(() => decodePredictionFile("chart.png", png));
    expect(isAppError(error, "unsupported_media_type")).toBe(true);
    expect(isAppError(error) && error.status).toBe(415);
    expect(String(error)).toContain('"chart.png" is not a predictions file (it holds binary data)');
  });

  it("refuses bytes that are not UTF-8, and a file name holding NUL", () => {
    expect(String(thrown(() => decodePredictionFile("latin1.jsonl", Uint8Array.from([0x7b, 0xe9, 0x7d]))))).toContain(
      "it is not UTF-8 text",
    );
    expect(
      isAppError(
        thrown(() => decodePredictionFile("a\u0000.jsonl", bytes("{}"))),
        "invalid_input",
      ),
    ).toBe(true);
  });
});
