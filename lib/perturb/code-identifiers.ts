import hljs from "highlight.js/lib/common";
import { HUNK_HEADER, parseFileHeader } from "@/lib/patch/released-patch";

// The names a piece of code contains (issue #42 item 4): every identifier and member chain of its lines,
// found by tokenizing the code, not by guessing which names it defines. Language keywords, literals,
// types and builtins come from highlight.js's grammars (the same library that colours the patch view)
// rather than from a hand list, so "return", "null", "String" or "len" are never taken for the
// reviewed code's own names.

/** One identifier, or a member chain (`this.config.path`, `c.timestamp`). */
const MEMBER_CHAIN = /[A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*)*/g;

type KeywordSpec = string | string[] | Record<string, unknown> | undefined;

function wordsOf(spec: unknown): string[] {
  if (typeof spec === "string") return spec.split(/\s+/).filter(Boolean);
  if (Array.isArray(spec)) return spec.filter((w): w is string => typeof w === "string");
  return [];
}

/** The languages review patches are written in; SQL's or a shell's keywords ("timestamp", "length") are not reserved here. */
const PROGRAMMING_LANGUAGES = [
  "java",
  "python",
  "javascript",
  "typescript",
  "go",
  "cpp",
  "c",
  "csharp",
  "ruby",
  "php",
  "kotlin",
  "rust",
  "swift",
  "scala",
];

function languageWords(categories: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const name of PROGRAMMING_LANGUAGES) {
    const keywords = hljs.getLanguage(name)?.keywords as KeywordSpec;
    if (!keywords) continue;
    if (typeof keywords === "string" || Array.isArray(keywords)) {
      if (categories.includes("keyword")) for (const w of wordsOf(keywords)) words.add(w.split("|")[0]);
      continue;
    }
    for (const category of categories) for (const w of wordsOf(keywords[category])) words.add(w.split("|")[0]);
  }
  return words;
}

let reserved: Set<string> | undefined;
let builtins: Set<string> | undefined;

/** Keywords, literals and primitive types of every common language (highlight.js). */
export function isReservedWord(word: string): boolean {
  reserved ??= languageWords(["keyword", "literal", "type", "variable.language"]);
  return reserved.has(word);
}

/** A language's builtin API (`len`, `console`, `Math`, `System`, `String`), per highlight.js's grammars. */
export function isBuiltinName(word: string): boolean {
  builtins ??= languageWords(["built_in", "type"]);
  return builtins.has(word);
}

/**
 * A line of a patch or file without its diff marker and comments. String literals stay: a config key
 * or a name in a string ("pageToken") is a name of the code too.
 */
function codeOf(line: string): string {
  return line
    .replace(/^[-+ ]/, "")
    .replace(/(?:^|\s)(?:\/\/|#(?!include|define|if|endif)).*$/, " ")
    .replace(/^\s*(?:\/\*\*?|\*).*$/, " ");
}

/**
 * The stricter reading the model's prompt lists (perturb-proposals.v3; recorded answers are keyed by
 * the exact prompt, so it stays as it was): string literals dropped, one-letter names left out.
 */
function listedCodeOf(line: string): string {
  return line
    .replace(/^[-+ ]/, "")
    .replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\\n]|\\.)*`/g, " ")
    .replace(/(?:\/\/|#).*$/, " ")
    .replace(/^\s*\*.*$/, " ");
}

export type CodeIdentifiers = {
  /** Every identifier and member chain, and each part of a chain (`c.timestamp`, `c`, `timestamp`). */
  names: Set<string>;
  /** Names on the added lines: the change's own. */
  added: Set<string>;
};

/** The identifiers of a patch or hunk (file headers and hunk headers skipped), or of plain files. */
export function codeIdentifiers(texts: readonly string[], reading: "all" | "listed" = "all"): CodeIdentifiers {
  const names = new Set<string>();
  const added = new Set<string>();
  for (const text of texts) {
    for (const raw of text.split("\n")) {
      if (parseFileHeader(raw) || raw.startsWith("diff --git") || raw.startsWith("index ") || /^(---|\+\+\+) /.test(raw)) continue;
      const line = raw.replace(HUNK_HEADER, "");
      for (const m of (reading === "all" ? codeOf(line) : listedCodeOf(line)).matchAll(MEMBER_CHAIN)) {
        const chain = m[0];
        const parts = chain.split(/\.|::|->/);
        for (const name of [chain, ...parts]) {
          if (isReservedWord(name) || /^\d/.test(name) || (reading === "listed" && name.length < 2)) continue;
          names.add(name);
          if (raw.startsWith("+")) added.add(name);
        }
      }
    }
  }
  return { names, added };
}

/** The identifiers listed to the model: single names first, then chains, capped. */
export function promptIdentifiers(ids: CodeIdentifiers, cap = 300): string[] {
  const all = [...ids.names];
  const single = all.filter((n) => !/\.|::|->/.test(n)).sort();
  const chains = all.filter((n) => /\.|::|->/.test(n)).sort();
  return [...single, ...chains].slice(0, cap);
}
