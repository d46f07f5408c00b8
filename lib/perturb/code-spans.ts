/**
 * Splits Markdown review-comment text into prose and non-prose pieces. Perturbations must leave
 * code, URLs and HTML comments untouched (paper §2: "changes a single expression" of the
 * comment), except the symbol generator, which edits code elements on purpose.
 * Segments tile the text: concatenating every `text` gives the input back.
 */
export type SegmentKind = "prose" | "inline-code" | "code-block" | "url" | "html-comment";

export type TextSegment = {
  kind: SegmentKind;
  start: number;
  end: number;
  text: string;
  /** Prose inside a `>` blockquote: usually someone else's words, so never the comment's claim. */
  quoted?: boolean;
  /** Info string of a fenced block, e.g. `suggestion` or `python`. */
  info?: string;
};

type Block = { kind: "code-block" | "text"; start: number; end: number; quoted: boolean; info?: string };

const FENCE_OPEN = /^((?:[ \t]{0,3}>[ \t]?)*)[ \t]{0,3}(`{3,}|~{3,})([^`\n]*)$/;
const LIST_ITEM = /^[ \t]{0,3}(?:[-*+]|\d{1,9}[.)])[ \t]/;
const BLOCKQUOTE = /^[ \t]{0,3}>/;
// Trailing punctuation is sentence punctuation, not part of the URL (GitHub autolink behaviour).
const URL = /\b(?:https?:\/\/|www\.)[^\s<>`"]+/g;
const LINK_DESTINATION = /\]\(([^()\s]+)(?:\s+"[^"]*")?\)/g;

type Line = { start: number; end: number; text: string };

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf("\n", start);
    const end = nl === -1 ? text.length : nl;
    lines.push({ start, end, text: text.slice(start, end) });
    if (nl === -1) return lines;
    start = nl + 1;
  }
}

function isBlank(line: string): boolean {
  return line.trim() === "" || /^[ \t]*>[ \t>]*$/.test(line);
}

/** Block pass: fenced blocks (unclosed fences run to the end, as in CommonMark), indented blocks, text. */
function splitBlocks(text: string): Block[] {
  const lines = splitLines(text);
  const blocks: Block[] = [];
  const pushText = (start: number, end: number, quoted: boolean) => {
    const last = blocks[blocks.length - 1];
    if (last && last.kind === "text" && last.quoted === quoted && last.end === start) last.end = end;
    else blocks.push({ kind: "text", start, end, quoted });
  };
  let inList = false;
  let previousBlank = true;
  let inIndented = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const lineEnd = i < lines.length - 1 ? line.end + 1 : line.end;
    const fence = FENCE_OPEN.exec(line.text);
    if (fence && !(fence[2][0] === "`" && fence[3].includes("`"))) {
      const marker = fence[2];
      let j = i + 1;
      const closing = new RegExp(`^(?:[ \\t]{0,3}>[ \\t]?)*[ \\t]{0,3}${marker[0] === "`" ? "`" : "~"}{${marker.length},}[ \\t]*$`);
      while (j < lines.length && !closing.test(lines[j].text)) j++;
      const last = Math.min(j, lines.length - 1);
      const end = last < lines.length - 1 ? lines[last].end + 1 : lines[last].end;
      blocks.push({ kind: "code-block", start: line.start, end, quoted: false, info: fence[3].trim() });
      i = last;
      previousBlank = false;
      inIndented = false;
      continue;
    }
    const blank = isBlank(line.text);
    // A markdown table row ("| PASSED | FAILED |") is data, not prose: its words are never edited.
    if (/^\s*\|.*\|\s*$/.test(line.text)) {
      const last = blocks[blocks.length - 1];
      if (last && last.kind === "code-block" && last.info === "table" && last.end === line.start) last.end = lineEnd;
      else blocks.push({ kind: "code-block", start: line.start, end: lineEnd, quoted: false, info: "table" });
      previousBlank = false;
      continue;
    }
    const indented = /^(?: {4}|\t)/.test(line.text) && !blank;
    if (!blank && LIST_ITEM.test(line.text)) inList = true;
    else if (!blank && !indented) inList = false;
    if (indented && !inList && (previousBlank || inIndented)) {
      const last = blocks[blocks.length - 1];
      if (last && last.kind === "code-block" && last.info === undefined && last.end === line.start) last.end = lineEnd;
      else blocks.push({ kind: "code-block", start: line.start, end: lineEnd, quoted: false });
      inIndented = true;
    } else {
      if (!(blank && inIndented)) inIndented = false;
      pushText(line.start, lineEnd, BLOCKQUOTE.test(line.text));
    }
    previousBlank = blank;
  }
  return blocks;
}

function backtickRunLength(text: string, at: number): number {
  let n = 0;
  while (text[at + n] === "`") n++;
  return n;
}

function isEscaped(text: string, at: number): boolean {
  let slashes = 0;
  for (let k = at - 1; k >= 0 && text[k] === "\\"; k--) slashes++;
  return slashes % 2 === 1;
}

/** Inline pass over one text block: code spans and HTML comments, then URLs in what is left. */
function splitInline(text: string, block: Block, out: TextSegment[]): void {
  let proseStart = block.start;
  const flushProse = (end: number) => {
    if (end > proseStart) splitUrls(text, proseStart, end, block.quoted, out);
  };
  let i = block.start;
  while (i < block.end) {
    if (text.startsWith("<!--", i)) {
      const close = text.indexOf("-->", i + 4);
      const end = close === -1 || close + 3 > block.end ? block.end : close + 3;
      flushProse(i);
      out.push({ kind: "html-comment", start: i, end, text: text.slice(i, end) });
      i = proseStart = end;
      continue;
    }
    if (text[i] === "`" && !isEscaped(text, i)) {
      const n = backtickRunLength(text, i);
      let j = i + n;
      let close = -1;
      while (j < block.end) {
        if (text[j] === "`") {
          const m = backtickRunLength(text, j);
          if (m === n) {
            close = j;
            break;
          }
          j += m;
        } else if (text[j] === "\n" && /^[ \t>]*(?:\n|$)/.test(text.slice(j + 1, block.end))) {
          break; // code spans do not cross paragraph breaks
        } else j++;
      }
      if (close !== -1) {
        flushProse(i);
        out.push({ kind: "inline-code", start: i, end: close + n, text: text.slice(i, close + n) });
        i = proseStart = close + n;
        continue;
      }
      i += n;
      continue;
    }
    i++;
  }
  flushProse(block.end);
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function splitUrls(text: string, start: number, end: number, quoted: boolean, out: TextSegment[]): void {
  const chunk = text.slice(start, end);
  const ranges: Array<[number, number]> = [];
  for (const m of chunk.matchAll(URL)) {
    let url = m[0];
    for (;;) {
      if (/[.,;:!?'\]]$/.test(url)) url = url.slice(0, -1);
      else if (url.endsWith(")") && count(url, "(") < count(url, ")")) url = url.slice(0, -1);
      else break;
    }
    ranges.push([m.index, m.index + url.length]);
  }
  for (const m of chunk.matchAll(LINK_DESTINATION)) {
    const s = m.index + 2;
    ranges.push([s, s + m[1].length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  let cursor = 0;
  const push = (kind: SegmentKind, s: number, e: number) => {
    if (e <= s) return;
    const segment: TextSegment = { kind, start: start + s, end: start + e, text: chunk.slice(s, e) };
    if (kind === "prose" && quoted) segment.quoted = true;
    out.push(segment);
  };
  for (const [s, e] of ranges) {
    if (s < cursor) continue;
    push("prose", cursor, s);
    push("url", s, e);
    cursor = e;
  }
  push("prose", cursor, chunk.length);
}

export function splitCodeSpans(text: string): TextSegment[] {
  const out: TextSegment[] = [];
  for (const block of splitBlocks(text)) {
    if (block.kind === "code-block") {
      out.push({
        kind: "code-block",
        start: block.start,
        end: block.end,
        text: text.slice(block.start, block.end),
        info: block.info ?? "",
      });
    } else splitInline(text, block, out);
  }
  return out;
}

/** True when [start, end) lies inside a single prose segment (an insertion point counts too). */
export function isInsideProse(segments: readonly TextSegment[], start: number, end: number): boolean {
  return segments.some((s) => s.kind === "prose" && s.start <= start && end <= s.end && (start < s.end || start === end));
}

/**
 * Same-length copy of the text with non-prose blanked, so sentence and tagging tools see offsets
 * that map back 1:1. Inline code and URLs become a placeholder word; blocks become line breaks.
 */
export function maskNonProse(text: string, segments: readonly TextSegment[]): string {
  let masked = "";
  for (const s of segments) {
    if (s.kind === "prose") masked += s.text;
    else if (s.kind === "code-block") masked += "\n".repeat(s.text.length);
    else if (s.kind === "html-comment") masked += s.text.replace(/[^\n]/g, " ");
    else masked += s.text.replace(/[^\n]/g, "X");
  }
  // offsets map back 1:1 only if the segments cover the text exactly
  if (masked.length !== text.length) throw new Error(`maskNonProse: the segments cover ${masked.length} of ${text.length} characters`);
  return masked;
}
