import { z } from "zod";
import { BUILTIN_NAMES, LIBRARY_ROOTS } from "./library-names";

// The names a piece of code defines, with their kind (issue #28 item 3): a symbol swap replaces a
// name the reviewed code defines with another name of the same kind the code defines, never with a
// keyword, a word of prose or a string's contents. Line patterns cover the languages reviewed in
// practice (Python, Ruby, JavaScript/TypeScript, Go, Rust, Java, C#, C/C++, PHP); comments and
// string literals are blanked first so their words never count.

export const definitionSchema = z.object({
  name: z.string().min(1),
  kind: z.enum(["callable", "type", "value"]),
  /**
   * "patch": defined by the change under review (its own names); "code": defined in the code
   * before it; "used": called or referenced there but defined elsewhere in the project.
   */
  origin: z.enum(["patch", "code", "used"]),
  /** Line number in the text it was read from (1-based), for proximity. */
  line: z.number().int(),
});
export type Definition = z.infer<typeof definitionSchema>;
export type DefinitionKind = Definition["kind"];

const NOT_NAMES = new Set([
  "if",
  "for",
  "while",
  "switch",
  "return",
  "new",
  "else",
  "catch",
  "try",
  "do",
  "case",
  "throw",
  "delete",
  "typeof",
  "sizeof",
  "await",
  "yield",
  "function",
  "def",
  "class",
  "import",
  "from",
  "package",
  "using",
  "namespace",
  "public",
  "private",
  "protected",
  "static",
  "final",
  "const",
  "let",
  "var",
  "val",
  "void",
  "int",
  "long",
  "char",
  "bool",
  "boolean",
  "float",
  "double",
  "string",
  "String",
  "self",
  "this",
  "super",
  "cls",
  "true",
  "false",
  "null",
  "nil",
  "None",
  "True",
  "False",
  "undefined",
  "struct",
  "type",
  "interface",
  "enum",
  "func",
  "fn",
  "end",
  "begin",
  "and",
  "or",
  "not",
  "in",
  "is",
  "as",
  "with",
  "pass",
  "elif",
  "unless",
  "until",
  "then",
  "echo",
  "print",
  "lambda",
  "async",
  "static",
  "override",
  "virtual",
  "abstract",
  "readonly",
  "get",
  "set",
  "go",
  "defer",
  "select",
  "chan",
  "map",
  "range",
  "goto",
  "break",
  "continue",
  "default",
  "export",
  "extends",
  "implements",
  "instanceof",
  "module",
  "require",
  "include",
  "object",
  "auto",
  "unsigned",
  "signed",
  "short",
  "byte",
]);

/** Blank comments and string contents (keeping line breaks and offsets) so only code remains. */
export function blankCommentsAndStrings(source: string): string {
  let out = "";
  let i = 0;
  const n = source.length;
  const blank = (s: string) => s.replace(/[^\n]/g, " ");
  while (i < n) {
    const c = source[i];
    const two = source.slice(i, i + 2);
    if (two === "//" || (c === "#" && !/[\w$]/.test(source[i - 1] ?? "") && source[i + 1] !== "[" && source[i + 1] !== "{")) {
      const end = source.indexOf("\n", i);
      const stop = end < 0 ? n : end;
      out += blank(source.slice(i, stop));
      i = stop;
      continue;
    }
    if (two === "/*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end < 0 ? n : end + 2;
      out += blank(source.slice(i, stop));
      i = stop;
      continue;
    }
    const triple = source.slice(i, i + 3);
    if (triple === '"""' || triple === "'''") {
      const end = source.indexOf(triple, i + 3);
      const stop = end < 0 ? n : end + 3;
      out += triple + blank(source.slice(i + 3, stop - 3)) + (end < 0 ? "" : triple);
      i = stop;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < n && source[j] !== c && (c === "`" || source[j] !== "\n")) j += source[j] === "\\" ? 2 : 1;
      const stop = Math.min(n, j + 1);
      out += c + blank(source.slice(i + 1, stop - 1)) + (j < n ? c : "");
      i = stop;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

const MODIFIERS =
  "(?:(?:public|private|protected|internal|static|final|abstract|synchronized|native|virtual|override|async|extern|inline|unsafe|sealed|partial|default|readonly|const|volatile|transient|export|declare)\\s+)";

const CALLABLE_PATTERNS: RegExp[] = [
  /\bdef\s+(?:self\.)?([A-Za-z_]\w*[?!]?)/g,
  /\bfunction\s*&?\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(/g,
  /\bfunc\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)\s*[([]/g,
  /\bfn\s+([A-Za-z_]\w*)/g,
  /\b([A-Za-z_$][\w$]*)\s*[:=]\s*(?:async\s+)?(?:function\b|\([^()]*\)\s*(?::\s*[^=]+)?=>|[A-Za-z_$][\w$]*\s*=>)/g,
  new RegExp(`^\\s*${MODIFIERS}*(?:[\\w.<>\\[\\],?*&:]+\\s+)+\\**&?([A-Za-z_~]\\w*)\\s*\\([^;]*$`, "gm"),
  /^\s*(?:(?:async|static|get|set|public|private|protected|override|readonly)\s+)*([A-Za-z_$][\w$]*)\s*\([^()]*\)\s*(?::\s*[^{;]+)?\{\s*$/gm,
];

const TYPE_PATTERNS: RegExp[] = [
  /\b(?:class|interface|struct|enum|trait|record|protocol|union|object|module)\s+([A-Za-z_]\w*)/g,
  /\btype\s+([A-Za-z_]\w*)\s*(?:=|struct\b|interface\b|func\b|[A-Za-z[*])/g,
  /\btypedef\s[^;]*?\b([A-Za-z_]\w*)\s*;/g,
];

const VALUE_PATTERNS: RegExp[] = [
  /\b(?:const|let|var|val)\s+(?:mut\s+)?([A-Za-z_$][\w$]*)/g,
  /\b([A-Za-z_]\w*)(?:\s*,\s*[A-Za-z_]\w*)*\s*:=/g,
  /(?:\bself\.|\bthis\.|@|\$this->|\$)([A-Za-z_]\w*)\s*(?:[-+*/|&]?=)(?!=)/g,
  /^\s*([A-Za-z_]\w*)\s*(?::\s*[\w.[\], |]+)?\s*=(?!=)/gm,
  new RegExp(`^\\s*${MODIFIERS}+[\\w.<>\\[\\],?]+\\s+([A-Za-z_]\\w*)\\s*[;=]`, "gm"),
  /^\s*(?:[A-Z][\w.<>[\],?]*|int|long|bool|boolean|double|float|char|byte|short|string|var|auto)\s+([a-z_]\w*)\s*[;=]/gm,
  /^\s*([A-Za-z_]\w*)\s+[*[\]\w.]+(?:\s+`[^`]*`)?\s*$/gm,
  /^\s*([A-Z_][A-Z0-9_]+)\s*(?:=|,)/gm,
];

/**
 * Declarations that bind several names at once; group 1 is the list: Go's `finfo, err := …` and
 * `for _, entry := range …`, Python's `first, rest = …`, `for idx, item in …`, `with … as handle`,
 * JavaScript's `const { data, error } = …` and `let [a, b] = …`, Java's `for (String name : names)`,
 * Ruby's `attr_reader :options, :world` and C#'s `public int MaxSize { get; set; }`.
 */
const MULTI_VALUE_PATTERNS: RegExp[] = [
  /^\s*(?:for\s+)?([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)+)\s*:=/gm,
  /^\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)+)\s*=(?!=)/gm,
  /\bfor\s+\(?\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*\)?\s+in\b/g,
  /\b(?:as)\s+([a-z_]\w*)\s*[:,)]/g,
  /\b(?:const|let|var)\s*[{[]([^}\]]*)[}\]]\s*=/g,
  /\bfor\s*\(\s*(?:final\s+)?[\w.<>[\]]+\s+([A-Za-z_]\w*)\s*:/g,
  /\battr_(?:reader|writer|accessor)\s+(:\w+(?:\s*,\s*:\w+)*)/g,
  new RegExp(`^\\s*${MODIFIERS}+[\\w.<>\\[\\],?]+\\s+([A-Z]\\w*)\\s*\\{\\s*(?:get|set|init)\\b`, "gm"),
];

/** The names of a multi-name binding list: `{ data, error: err, retries = 3 }` → data, err, retries. */
function boundNames(list: string): string[] {
  return list
    .split(",")
    .map((part) =>
      part
        .replace(/=.*$/, "")
        .replace(/^.*:\s*(?=[A-Za-z_$])/, "")
        .replace(/^[\s:.*&]+|\s+$/g, ""),
    )
    .filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
}

/** Parameter names of the signatures on a line (`def f(a, b=1)`, `func f(x int)`, `f(String name)`). */
function parameterNames(line: string): string[] {
  const m =
    /\b(?:def|function|func|fn)\b[^(]*\(([^)]*)\)|^\s*(?:\w[\w.<>[\],?*&]*\s+)+\w+\s*\(([^)]*)\)\s*(?:throws [\w., ]+)?\s*[{:]/.exec(line);
  const list = m?.[1] ?? m?.[2];
  if (!list) return [];
  const names: string[] = [];
  for (const raw of list.split(",")) {
    const part = raw
      .replace(/=.*$/, "")
      .replace(/^\s*[*&]+/, "")
      .trim();
    if (!part) continue;
    const colon = part.indexOf(":");
    const ids = (colon >= 0 ? part.slice(0, colon) : part).match(/[A-Za-z_$][\w$]*/g) ?? [];
    const [first] = ids;
    const last = ids[ids.length - 1];
    if (first === undefined || last === undefined) continue;
    // `name type` (Go, Python, TS) names first; `Type name` (Java, C#, C) names last.
    const name = colon < 0 && ids.length > 1 && /^[A-Z]/.test(first) ? last : first;
    names.push(name.replace(/^\$/, ""));
  }
  return names;
}

function isName(name: string): boolean {
  return name.length >= 2 && !NOT_NAMES.has(name) && /^[A-Za-z_$~][\w$]*[?!]?$/.test(name);
}

/** Every name the code defines, first definition wins its kind (a class beats its constructor call). */
export function definitionsIn(source: string, origin: Definition["origin"]): Definition[] {
  const code = blankCommentsAndStrings(source);
  const found = new Map<string, Definition>();
  const lineAt = (offset: number) => code.slice(0, offset).split("\n").length;
  const add = (name: string, kind: DefinitionKind, offset: number) => {
    const clean = name.replace(/^\$/, "");
    if (!isName(clean)) return;
    const key = clean;
    const known = found.get(key);
    if (!known || (known.kind === "value" && kind !== "value")) found.set(key, { name: clean, kind, origin, line: lineAt(offset) });
  };
  for (const [patterns, kind] of [
    [TYPE_PATTERNS, "type"],
    [CALLABLE_PATTERNS, "callable"],
    [VALUE_PATTERNS, "value"],
  ] as const) {
    for (const pattern of patterns) for (const m of code.matchAll(pattern)) add(m[1], kind, m.index ?? 0);
  }
  for (const pattern of MULTI_VALUE_PATTERNS)
    for (const m of code.matchAll(pattern)) for (const name of boundNames(m[1])) add(name, "value", m.index ?? 0);
  let offset = 0;
  for (const line of code.split("\n")) {
    for (const name of parameterNames(line)) add(name, "value", offset);
    offset += line.length + 1;
  }
  return [...found.values()];
}

/**
 * Names the code uses without defining them here: calls (`setContext()`, `ops.refresh()`, but not
 * on a library module or global such as `os.Stat` or `json.loads`), attributes of `this`/`self`,
 * and types written after `new`, `extends`, `implements` or as a declaration's type. Callers drop
 * library and builtin names.
 */
function usagesIn(source: string): Definition[] {
  const code = blankCommentsAndStrings(source);
  const found = new Map<string, Definition>();
  const lineAt = (offset: number) => code.slice(0, offset).split("\n").length;
  const add = (name: string, kind: DefinitionKind, offset: number) => {
    if (!isName(name) || found.has(name)) return;
    found.set(name, { name, kind, origin: "used", line: lineAt(offset) });
  };
  for (const m of code.matchAll(/(?<![\w$.>@])([A-Za-z_$][\w$]*[?!]?)\s*\(/g)) add(m[1], "callable", m.index ?? 0);
  // A call on a receiver counts unless the receiver is a library module or global (`os.Stat`, `json.loads`).
  for (const m of code.matchAll(/(?:^|\s)\.([A-Za-z_$][\w$]*[?!]?)\s*\(/gm))
    if (!BUILTIN_NAMES.has(m[1])) add(m[1], "callable", m.index ?? 0);
  for (const m of code.matchAll(/\b([A-Za-z_$][\w$]*)(?:\.|->)([A-Za-z_$][\w$]*[?!]?)\s*\(/g)) {
    if (!LIBRARY_ROOTS.has(m[1]) && !BUILTIN_NAMES.has(m[2])) add(m[2], "callable", m.index ?? 0);
  }
  for (const m of code.matchAll(/\b(?:new|extends|implements|instanceof|is|as|except|catch\s*\()\s+([A-Z][\w$]*)/g))
    add(m[1], "type", m.index ?? 0);
  for (const m of code.matchAll(/\b([A-Z][a-z]\w*[a-z]\w*)\s+[a-z_]\w*\s*[=;,)]/g)) add(m[1], "type", m.index ?? 0);
  // a base type: `class A : Base`, `class A(Base)`, `class A < Base`
  for (const m of code.matchAll(/\bclass\s+\w+\s*(?::|<|\()\s*([A-Z][\w$]*)/g)) add(m[1], "type", m.index ?? 0);
  for (const m of code.matchAll(/(?:\bself\.|\bthis\.|\$this->|@)([a-z_]\w*)\b(?!\s*\()/g)) add(m[1], "value", m.index ?? 0);
  return [...found.values()];
}

/** The definitions of a hunk: its added lines are the change's own, the rest were there before. */
export function definitionsInHunk(hunk: string): Definition[] {
  const added: string[] = [];
  const before: string[] = [];
  for (const line of hunk.split("\n")) {
    if (line.startsWith("@@") || line.startsWith("diff --git") || line.startsWith("\\")) continue;
    if (line.startsWith("+")) added.push(line.slice(1));
    else if (line.startsWith("-")) before.push(line.slice(1));
    else before.push(line.slice(1));
  }
  return [...definitionsIn(added.join("\n"), "patch"), ...definitionsIn(before.join("\n"), "code")];
}

/**
 * One entry per name: a definition beats a mere use, and a name the code had before the change is
 * not the change's own.
 */
export function mergeDefinitions(...lists: ReadonlyArray<readonly Definition[]>): Definition[] {
  const byName = new Map<string, Definition>();
  for (const list of lists) {
    for (const d of list) {
      const known = byName.get(d.name);
      if (!known || (known.origin === "used" && d.origin !== "used")) byName.set(d.name, d);
      else if (known.origin === "patch" && d.origin === "code") byName.set(d.name, { ...known, origin: "code" });
    }
  }
  return [...byName.values()];
}

/** The code of a patch or hunk: its lines without the diff's +/-/space column, headers left out. */
function patchCode(patch: string): string {
  return patch
    .split("\n")
    .filter((line) => !line.startsWith("@@") && !line.startsWith("diff --git") && !line.startsWith("\\"))
    .map((line) => line.slice(1))
    .join("\n");
}

/**
 * Every name the reviewed code has, with its kind: what the files it touches define (as they stood
 * before the change), what the patch defines (its added lines are the change's own), and what
 * either calls or types without defining it here. The one reading of code for the perturbation
 * page, its LLM check and the benchmark.
 */
export function namesOfCode(input: { files: readonly string[]; patch: string }): Definition[] {
  return mergeDefinitions(
    ...input.files.map((text) => definitionsIn(text, "code")),
    definitionsInHunk(input.patch),
    usagesIn([...input.files, patchCode(input.patch)].join("\n")),
  );
}
