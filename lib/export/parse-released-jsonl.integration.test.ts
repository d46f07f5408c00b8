import { describe, expect, test } from "vitest";
import { isAppError } from "@/lib/errors";
import { parseReleasedJsonl } from "./parse-released-jsonl";
import { releasedSampleText } from "./testing/released-sample";

const failure = (run: () => unknown): string => {
  try {
    run();
  } catch (e) {
    if (isAppError(e)) return e.message;
    throw e;
  }
  throw new Error("it was accepted");
};

describe("reading a released JSONL file: what cannot be stored is named by file, line and field (#32 item 8)", () => {
  const lines = releasedSampleText().split("\n").filter(Boolean);

  test("a JSON-escaped NUL in a comment names the file, the line and the field", () => {
    const row = JSON.parse(lines[1]);
    row.code_review[2].body = `${row.code_review[2].body}\u0000tail`;
    const text = [lines[0], JSON.stringify(row), ...lines.slice(2)].join("\n");
    expect(text).toContain("\\u0000");
    expect(failure(() => parseReleasedJsonl("train.jsonl", text))).toBe(
      "The file cannot be imported:\ntrain.jsonl:2: field code_review[2].body contains the NUL character (\\u0000)",
    );
  });

  test("a line over the limit is refused with its size, before it is parsed", () => {
    const bySize = [...lines].sort((a, b) => Buffer.byteLength(a) - Buffer.byteLength(b));
    const [small, big] = [bySize[0], bySize[bySize.length - 1]];
    const text = [small, big].join("\n");
    const limit = Buffer.byteLength(small) + 1;
    expect(Buffer.byteLength(big)).toBeGreaterThan(limit);
    expect(failure(() => parseReleasedJsonl("test.jsonl", text, "test", { maxLineBytes: limit }))).toMatch(
      /^The file cannot be imported:\ntest\.jsonl:2: is [\d.]+ MB, over the import's limit of [\d.]+ MB a row \(IMPORT_MAX_LINE_MB\)$/,
    );
    expect(parseReleasedJsonl("test.jsonl", text, "test").rows).toHaveLength(2);
  });
});
