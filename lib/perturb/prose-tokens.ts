import nlp from "compromise";
import { maskNonProse, splitCodeSpans, type TextSegment } from "./code-spans";

/** One word of a comment, with what the negation rules need to know about where it sits. */
export type Token = {
  text: string;
  /** Lower case, curly apostrophes straightened. */
  lower: string;
  start: number;
  end: number;
  /** Position within its sentence. */
  index: number;
  /** Placeholder standing for inline code or a URL: a noun-like slot, never edited here. */
  code: boolean;
  /** compromise part-of-speech tags (Verb, Modal, Copula, Plural, …). */
  tags: ReadonlySet<string>;
  /** Inside an if/when/because/which… clause rather than the sentence's main clause. */
  subordinate: boolean;
  /** Clause number within the sentence: punctuation, subordinators and and/but/or/so start one. */
  clause: number;
  /** Inside "double quotes" or a `>` blockquote: someone else's words. */
  quoted: boolean;
  /** Raw text between the previous token of the sentence and this one. */
  gapBefore: string;
};

export type Sentence = {
  /** Counts only sentences with at least one prose word, so "Nit:"-style fragments still count. */
  index: number;
  start: number;
  end: number;
  question: boolean;
  tokens: Token[];
};

export type ProseAnalysis = {
  segments: TextSegment[];
  sentences: Sentence[];
  /** The author writes "isn't" rather than "is not"; additions follow their habit. */
  contracted: boolean;
  apostrophe: "'" | "’";
};

const SUBORDINATORS = new Set([
  "if",
  "when",
  "whenever",
  "because",
  "since",
  "although",
  "though",
  "unless",
  "while",
  "whereas",
  "whether",
  "until",
  "before",
  "after",
  "once",
  "which",
  "who",
  "where",
]);
const COORDINATORS = new Set(["and", "but", "or", "so", "yet"]);
const ABBREVIATIONS = /(?:^|\s)(?:e\.g|i\.e|etc|vs|cf|approx|incl|resp|w\.r\.t|a\.k\.a)\.$/i;
const WORD = /[A-Za-z_][\w]*(?:[.-][\w]+)*(?:['’][A-Za-z]+)?/g;
export const CLAUSE_BREAK = /[,;:()\u2013\u2014]|\s-\s/;

function sentenceRanges(masked: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let start = 0;
  const boundary = /\n|[.!?]+["'’”)\]]*(?=\s|$)/g;
  for (const m of masked.matchAll(boundary)) {
    const end = m.index + m[0].length;
    if (m[0] !== "\n" && m[0].startsWith(".") && ABBREVIATIONS.test(masked.slice(start, end))) continue;
    ranges.push([start, end]);
    start = end;
  }
  ranges.push([start, masked.length]);
  return ranges.filter(([s, e]) => masked.slice(s, e).trim() !== "");
}

function tagsByOffset(masked: string): Map<number, Set<string>> {
  const map = new Map<number, Set<string>>();
  const docs = nlp(masked).json({ offset: true }) as Array<{
    terms: Array<{ tags: string[]; offset?: { start: number } }>;
  }>;
  for (const sentence of docs) {
    for (const term of sentence.terms) {
      if (!term.offset || map.has(term.offset.start)) continue;
      map.set(term.offset.start, new Set(term.tags));
    }
  }
  return map;
}

function isQuotedSegment(segments: readonly TextSegment[], offset: number): boolean {
  return segments.some((s) => s.kind === "prose" && s.quoted === true && s.start <= offset && offset < s.end);
}

function isCodeOffset(segments: readonly TextSegment[], offset: number): boolean {
  return segments.some((s) => s.kind !== "prose" && s.start <= offset && offset < s.end);
}

export function analyseProse(text: string): ProseAnalysis {
  const segments = splitCodeSpans(text);
  const masked = maskNonProse(text, segments);
  const tags = tagsByOffset(masked);
  const sentences: Sentence[] = [];
  for (const [start, end] of sentenceRanges(masked)) {
    const body = masked.slice(start, end);
    const tokens: Token[] = [];
    let previousEnd = start;
    let subordinate = false;
    let inQuotes = false;
    let clause = 0;
    for (const m of body.matchAll(WORD)) {
      const tokenStart = start + m.index;
      const gapBefore = masked.slice(previousEnd, tokenStart);
      const rawGap = text.slice(previousEnd, tokenStart);
      if (CLAUSE_BREAK.test(gapBefore)) {
        subordinate = false;
        if (tokens.length > 0) clause++;
      }
      for (const ch of rawGap) if (ch === '"' || ch === "“" || ch === "”") inQuotes = ch === "“" ? true : ch === "”" ? false : !inQuotes;
      const lower = m[0].toLowerCase().replace(/’/g, "'");
      const code = isCodeOffset(segments, tokenStart);
      if (!code && SUBORDINATORS.has(lower)) subordinate = true;
      if (!code && tokens.length > 0 && (SUBORDINATORS.has(lower) || COORDINATORS.has(lower)) && !CLAUSE_BREAK.test(gapBefore)) clause++;
      tokens.push({
        text: text.slice(tokenStart, tokenStart + m[0].length),
        lower,
        start: tokenStart,
        end: tokenStart + m[0].length,
        index: tokens.length,
        code,
        tags: tags.get(tokenStart) ?? new Set(),
        subordinate,
        clause,
        quoted: inQuotes || isQuotedSegment(segments, tokenStart),
        gapBefore,
      });
      previousEnd = tokenStart + m[0].length;
    }
    if (!tokens.some((t) => !t.code)) continue;
    const question = /\?["'’”)\]]*\s*$/.test(text.slice(start, end));
    sentences.push({ index: sentences.length, start, end, question, tokens });
  }
  const prose = segments
    .filter((s) => s.kind === "prose")
    .map((s) => s.text)
    .join(" ");
  const contracted = /\b[a-z]+n['’]t\b|\bcan['’]t\b|\bwon['’]t\b/i.test(prose);
  const apostrophe = /[a-z]’[a-z]/i.test(prose) ? "’" : "'";
  return { segments, sentences, contracted, apostrophe };
}
