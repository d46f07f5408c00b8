import { describe, expect, test } from "vitest";
import { hasBidiControls, revealBidiControlsInHtml, splitBidiControls } from "./bidi-controls";

describe("bidirectional control characters are shown, not obeyed (#32 item 6)", () => {
  test("text is cut around each control, labelled with its code point", () => {
    expect(splitBidiControls("if (isAdmin\u202E \u2066// check later\u2069\u2066) {")).toEqual([
      { text: "if (isAdmin" },
      expect.objectContaining({ control: "\u202E", label: "⟨U+202E⟩", title: expect.stringMatching(/^U\+202E RIGHT-TO-LEFT OVERRIDE/) }),
      { text: " " },
      expect.objectContaining({ label: "⟨U+2066⟩" }),
      { text: "// check later" },
      expect.objectContaining({ label: "⟨U+2069⟩" }),
      expect.objectContaining({ label: "⟨U+2066⟩" }),
      { text: ") {" },
    ]);
    expect(splitBidiControls("plain")).toEqual([{ text: "plain" }]);
    expect(hasBidiControls("a\u200Fb")).toBe(true);
    expect(hasBidiControls("عربى and English")).toBe(false);
  });

  test("in highlighted HTML each control becomes a span and nothing else changes", () => {
    const html = '<span class="hljs-keyword">return</span> x\u202E &lt;y';
    const out = revealBidiControlsInHtml(html);
    expect(out).not.toContain("\u202E");
    expect(out).toContain('data-bidi-control="U+202E"');
    expect(out.replace(/<span class="rounded[^>]*>⟨U\+202E⟩<\/span>/, "")).toBe('<span class="hljs-keyword">return</span> x &lt;y');
  });
});
