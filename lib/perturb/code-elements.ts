import { splitCodeSpans } from "./code-spans";
import { looksLikeFilePath, SOURCE_EXTENSIONS } from "./file-extensions";

/** A code element a comment refers to, and the part of it a symbol swap would change. */
export type CodeElement = {
  /** The whole element as written: `self.cache`, `get_user`, `pandas/core/frame.py`. */
  element: string;
  start: number;
  end: number;
  /** The swappable part: the last attribute of a dotted path, the callee of a call, a file's name. */
  name: string;
  nameStart: number;
  nameEnd: number;
  shape: "identifier" | "path";
  inBackticks: boolean;
};

// Language words never name the reviewed code; builtins do only as a method (`monkeypatch.setattr`).
const KEYWORDS = new Set([
  "and",
  "as",
  "assert",
  "async",
  "await",
  "break",
  "class",
  "continue",
  "def",
  "del",
  "elif",
  "else",
  "except",
  "finally",
  "for",
  "from",
  "global",
  "if",
  "import",
  "in",
  "is",
  "lambda",
  "nonlocal",
  "not",
  "or",
  "pass",
  "raise",
  "return",
  "try",
  "while",
  "with",
  "yield",
  "None",
  "True",
  "False",
  "self",
  "cls",
  "const",
  "let",
  "var",
  "function",
  "new",
  "this",
  "typeof",
  "instanceof",
  "null",
  "undefined",
  "void",
  "export",
  "default",
  "extends",
  "super",
  "switch",
  "case",
  "interface",
  "type",
  "enum",
  "public",
  "private",
  "protected",
  "static",
  "readonly",
  "true",
  "false",
  "unknown",
  "never",
  "string",
  "number",
  "boolean",
  "symbol",
  "bigint",
  "keyof",
  "infer",
  "satisfies",
  "any",
  "nan",
  "NaN",
  "inf",
]);
const BUILTINS = new Set([
  "len",
  "str",
  "int",
  "float",
  "dict",
  "list",
  "set",
  "tuple",
  "bool",
  "object",
  "print",
  "range",
  "isinstance",
  "all",
  "map",
  "filter",
  "zip",
  "open",
  "min",
  "max",
  "sum",
  "sorted",
  "enumerate",
  "getattr",
  "setattr",
  "hasattr",
  "repr",
  "iter",
  "next",
  "bytes",
  "console",
  "window",
  "document",
  "Math",
  "JSON",
  "Object",
  "Array",
  "String",
  "Number",
  "Promise",
  "get",
  "put",
  "end",
]);
/** Brand and format names that look like camelCase or dotted code in prose. */
const PROSE_NAMES = new Set([
  "GitHub",
  "GitLab",
  "JavaScript",
  "TypeScript",
  "PyTorch",
  "NumPy",
  "SciPy",
  "PyPI",
  "PostgreSQL",
  "MySQL",
  "SQLite",
  "CPython",
  "PyPy",
  "macOS",
  "iOS",
  "YouTube",
  "OpenAI",
  "FastAPI",
  "NaN",
  "NaT",
  "PyCharm",
  "VSCode",
  "LaTeX",
  "DataDog",
  "WebSocket",
  "GraphQL",
  "OAuth",
  "iPhone",
  "iPad",
  "IPython",
  "JupyterLab",
  "LGTM",
  "PRs",
  "APIs",
  "URLs",
  "IDs",
  "TODOs",
  "e.g",
  "i.e",
]);

const EXTENSIONS = SOURCE_EXTENSIONS.join("|");
const IDENTIFIER_PATH = /[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*/g;
const BARE_TOKEN = new RegExp(
  [
    `(?:\\.{1,2}\\/)?(?:[\\w.-]+\\/)*[\\w-][\\w.-]*\\.(?:${EXTENSIONS})(?![\\w/])`,
    "[A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)*\\([^()\\s]*\\)",
    "[A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)+",
    "__\\w+__",
    "_*[A-Za-z][A-Za-z0-9]*(?:_+[A-Za-z0-9]+)+_*",
    "[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+",
    "[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+",
  ]
    .map((p) => `(?<![\\w$./@#-])(?:${p})(?![\\w$])`)
    .join("|"),
  "g",
);

function isSwappableName(name: string, hasReceiver: boolean): boolean {
  if (name.length < 3 || KEYWORDS.has(name) || PROSE_NAMES.has(name) || /^\d/.test(name)) return false;
  return hasReceiver || !BUILTINS.has(name);
}

/** Dotted prose words are code only if they look like it: `df.groupby` yes, "Node.js", "e.g" no. */
function looksLikeDottedCode(token: string): boolean {
  const parts = token.split(".");
  if (parts.some((p) => /_|[a-z][A-Z]/.test(p))) return true;
  return /^[a-z]/.test(parts[0]) && parts[0].length >= 2 && parts.every((p) => p.length >= 2);
}

function pathElement(element: string, start: number, inBackticks: boolean): CodeElement | undefined {
  const slash = element.lastIndexOf("/");
  const base = element.slice(slash + 1);
  if (!inBackticks && slash === -1 && /^[A-Z]/.test(base) && /\.(?:js|ts)$/.test(base)) return undefined; // "Node.js"
  const nameStart = start + slash + 1;
  return {
    element,
    start,
    end: start + element.length,
    name: base,
    nameStart,
    nameEnd: nameStart + base.length,
    shape: "path",
    inBackticks,
  };
}

function identifierElement(element: string, start: number, inBackticks: boolean): CodeElement | undefined {
  const callee = element.replace(/\(.*\)$/, "");
  const lastDot = callee.lastIndexOf(".");
  const name = callee.slice(lastDot + 1);
  if (!isSwappableName(name, lastDot !== -1)) return undefined;
  const nameStart = start + lastDot + 1;
  return {
    element,
    start,
    end: start + element.length,
    name,
    nameStart,
    nameEnd: nameStart + name.length,
    shape: "identifier",
    inBackticks,
  };
}

/** Identifiers inside one backtick span; skips names inside string literals. */
function elementsInSpan(spanText: string, spanStart: number, out: CodeElement[]): void {
  const fence = /^`+/.exec(spanText)?.[0].length ?? 1;
  const inner = spanText.slice(fence, spanText.length - fence);
  const innerStart = spanStart + fence;
  const trimmed = inner.trim();
  const offset = innerStart + inner.indexOf(trimmed);
  if (looksLikeFilePath(trimmed)) {
    const element = pathElement(trimmed, offset, true);
    if (element) out.push(element);
    return;
  }
  for (const m of trimmed.matchAll(IDENTIFIER_PATH)) {
    const before = trimmed.slice(0, m.index);
    if ((before.match(/["']/g)?.length ?? 0) % 2 === 1) continue;
    if (m.index > 0 && /[\w$.]/.test(trimmed[m.index - 1])) continue;
    const element = identifierElement(m[0], offset + m.index, true);
    if (element) out.push(element);
  }
}

/**
 * Code elements a comment refers to (paper §2, symbol perturbation: "changes a referenced code
 * element"): identifiers in inline code, and bare snake_case, camelCase, dotted.paths, calls and
 * file paths in prose. Code blocks and URLs are not references, so they are skipped.
 */
export function findCodeElements(text: string): CodeElement[] {
  const out: CodeElement[] = [];
  for (const segment of splitCodeSpans(text)) {
    if (segment.kind === "inline-code") elementsInSpan(segment.text, segment.start, out);
    if (segment.kind !== "prose") continue;
    for (const m of segment.text.matchAll(BARE_TOKEN)) {
      const token = m[0];
      const start = segment.start + m.index;
      if (looksLikeFilePath(token)) {
        const element = pathElement(token, start, false);
        if (element) out.push(element);
      } else if (token.includes(".") && !token.endsWith(")") && !looksLikeDottedCode(token)) continue;
      else {
        const element = identifierElement(token, start, false);
        if (element) out.push(element);
      }
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** `[text](url)` link texts: swapping a name there would leave the link's anchor pointing at the old one. */
export function linkTextRanges(text: string): Array<[number, number]> {
  return [...text.matchAll(/\[([^\]\n]*)\]\([^)\s]*\)/g)].map((m) => [m.index, m.index + 1 + m[1].length]);
}

export type Mention = { start: number; end: number };

/** The comment with every mention replaced by `name`, edited from the end so offsets stay valid. */
export function replaceMentions(text: string, mentions: readonly Mention[], name: string): string {
  let out = text;
  for (const m of [...mentions].sort((a, b) => b.start - a.start)) out = out.slice(0, m.start) + name + out.slice(m.end);
  return out;
}
