// Bidirectional control characters (U+202A–U+202E, U+2066–U+2069, and the marks U+200E, U+200F,
// U+061C) reorder how text is displayed without changing what it is ("Trojan Source", CVE-2021-42574):
// a comment or a diff line can show one thing and hold another. Code hosts show them as visible
// placeholders; so do the workbench's views (comments, rationales, notes, diff lines). Pure: the views
// run it in the browser.

const NAMES: Record<string, string> = {
  "\u202A": "LEFT-TO-RIGHT EMBEDDING",
  "\u202B": "RIGHT-TO-LEFT EMBEDDING",
  "\u202C": "POP DIRECTIONAL FORMATTING",
  "\u202D": "LEFT-TO-RIGHT OVERRIDE",
  "\u202E": "RIGHT-TO-LEFT OVERRIDE",
  "\u2066": "LEFT-TO-RIGHT ISOLATE",
  "\u2067": "RIGHT-TO-LEFT ISOLATE",
  "\u2068": "FIRST STRONG ISOLATE",
  "\u2069": "POP DIRECTIONAL ISOLATE",
  "\u200E": "LEFT-TO-RIGHT MARK",
  "\u200F": "RIGHT-TO-LEFT MARK",
  "\u061C": "ARABIC LETTER MARK",
};

const CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** How a control is shown: its code point, e.g. "U+202E". */
const codePointOf = (ch: string) => `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

/** The Tailwind classes of a shown control (also used by the Markdown and diff views). */
export const BIDI_CONTROL_CLASS = "rounded bg-amber-200 px-0.5 font-mono text-[0.85em] text-amber-950";

export type BidiSegment = { text: string } | { control: string; label: string; title: string };

export const hasBidiControls = (text: string) => text.search(CONTROLS) >= 0;

/** The text cut around its controls, each control with the label and title it is shown with. */
export function splitBidiControls(text: string): BidiSegment[] {
  const out: BidiSegment[] = [];
  let at = 0;
  for (const m of text.matchAll(CONTROLS)) {
    const i = m.index ?? 0;
    if (i > at) out.push({ text: text.slice(at, i) });
    out.push({
      control: m[0],
      label: `⟨${codePointOf(m[0])}⟩`,
      title: `${codePointOf(m[0])} ${NAMES[m[0]] ?? ""}: a bidirectional control character`,
    });
    at = i + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

/**
 * The same for an HTML string whose text was escaped (highlight.js output): each control becomes a
 * span. The controls are not markup, so replacing them cannot open or close a tag.
 */
export function revealBidiControlsInHtml(html: string): string {
  return html.replace(CONTROLS, (ch) => {
    const [segment] = splitBidiControls(ch);
    return "control" in segment
      ? `<span class="${BIDI_CONTROL_CLASS}" data-bidi-control="${codePointOf(ch)}" title="${segment.title}">${segment.label}</span>`
      : ch;
  });
}
