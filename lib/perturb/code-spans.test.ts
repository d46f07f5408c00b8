import { describe, expect, it } from "vitest";
import { isInsideProse, maskNonProse, splitCodeSpans, type TextSegment } from "./code-spans";

function kinds(text: string): Array<[TextSegment["kind"], string]> {
  return splitCodeSpans(text).map((s) => [s.kind, s.text]);
}

describe("splitCodeSpans", () => {
  it("separates inline code from prose in a pandas review comment", () => {
    expect(kinds("`df.groupby` already sorts by default; no need for `sort=True`")).toEqual([
      ["inline-code", "`df.groupby`"],
      ["prose", " already sorts by default; no need for "],
      ["inline-code", "`sort=True`"],
    ]);
  });

  it("treats a ```suggestion block as one code block, info string kept", () => {
    const text = "Simpler:\n```suggestion\n    return value is not None\n```\nThis is not needed otherwise.";
    const segments = splitCodeSpans(text);
    const block = segments.find((s) => s.kind === "code-block");
    expect(block?.info).toBe("suggestion");
    expect(block?.text).toBe("```suggestion\n    return value is not None\n```\n");
    expect(segments.filter((s) => s.kind === "prose").map((s) => s.text)).toEqual(["Simpler:\n", "This is not needed otherwise."]);
  });

  it("runs an unclosed fence to the end of the comment, as GitHub renders it", () => {
    const segments = splitCodeSpans("Try this:\n~~~python\nif x is None:\n    return");
    expect(segments.map((s) => s.kind)).toEqual(["prose", "code-block"]);
  });

  it("matches backtick runs of equal length and leaves a lone backtick as prose", () => {
    expect(kinds("Use ``a ` b`` here, and ` is fine")).toEqual([
      ["prose", "Use "],
      ["inline-code", "``a ` b``"],
      ["prose", " here, and ` is fine"],
    ]);
  });

  it("cuts URLs out of prose without their trailing punctuation", () => {
    expect(kinds("See https://github.com/pandas-dev/pandas/issues/123. It is not fixed.")).toEqual([
      ["prose", "See "],
      ["url", "https://github.com/pandas-dev/pandas/issues/123"],
      ["prose", ". It is not fixed."],
    ]);
  });

  it("keeps a balanced parenthesis inside a URL and marks Markdown link targets", () => {
    const wiki = kinds("Per https://en.wikipedia.org/wiki/Median_(statistics), ok");
    expect(wiki[1]).toEqual(["url", "https://en.wikipedia.org/wiki/Median_(statistics)"]);
    const link = kinds("As [the docs](../howto/fixtures.rst) say, this is safe.");
    expect(link).toContainEqual(["url", "../howto/fixtures.rst"]);
    expect(link[0]).toEqual(["prose", "As [the docs]("]);
  });

  it("flags blockquoted prose as quoted", () => {
    const segments = splitCodeSpans("> This is only called from the CLI\n\nIt is also called from tests.");
    expect(segments[0]).toMatchObject({ kind: "prose", quoted: true });
    expect(segments[segments.length - 1].quoted).toBeUndefined();
  });

  it("treats an indented block after a blank line as code, but not a list continuation", () => {
    const traceback = 'It fails with:\n\n    Traceback (most recent call last):\n      File "x.py"\n\nso it is not safe.';
    expect(splitCodeSpans(traceback).map((s) => s.kind)).toEqual(["prose", "code-block", "prose"]);
    const list = "- first point\n\n    continues the first point\n";
    expect(splitCodeSpans(list).every((s) => s.kind === "prose")).toBe(true);
  });

  it("ignores HTML comments left by PR templates", () => {
    expect(kinds("<!-- is this needed? -->Not needed.")).toEqual([
      ["html-comment", "<!-- is this needed? -->"],
      ["prose", "Not needed."],
    ]);
  });

  it("tiles the text exactly", () => {
    const text = "A `b` c https://x.io d\n```\ne\n```\n> f `g`\n";
    const segments = splitCodeSpans(text);
    expect(segments.map((s) => s.text).join("")).toBe(text);
    segments.forEach((s, i) => {
      expect(text.slice(s.start, s.end)).toBe(s.text);
      if (i > 0) expect(s.start).toBe(segments[i - 1].end);
    });
  });
});

describe("isInsideProse / maskNonProse", () => {
  const text = "`x` is used";
  const segments = splitCodeSpans(text);

  it("accepts ranges in prose and rejects ranges touching code", () => {
    expect(isInsideProse(segments, 4, 6)).toBe(true);
    expect(isInsideProse(segments, 1, 2)).toBe(false);
    expect(isInsideProse(segments, 2, 6)).toBe(false);
  });

  it("keeps offsets while hiding code", () => {
    const masked = maskNonProse(text, segments);
    expect(masked).toBe("XXX is used");
    const withBlock = "a\n```\nb\n```";
    const maskedBlock = maskNonProse(withBlock, splitCodeSpans(withBlock));
    expect(maskedBlock).toHaveLength(withBlock.length);
    expect(maskedBlock).toBe(`a${"\n".repeat(withBlock.length - 1)}`);
  });
});
