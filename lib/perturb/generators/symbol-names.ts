import { codeIdentifiers, isBuiltinName } from "../code-identifiers";
import { isLibraryElement } from "../library-names";

// A symbol swap's names, checked against the code (issue #42 item 4). The new name occurs in the code
// the reviewer saw (any identifier or member the patch or the files contain, found by tokenizing them),
// or is a variant of a name the change itself adds. The old name occurs in the code too, or the comment
// writes it as code (in backticks, as a call, or in an identifier's shape) — the reviewer saw more of
// the file than a hunk shows. Neither is library or builtin API.

/** The text's tokens: whole names with their members (`json.loads`), without quotes, brackets or end punctuation. */
function tokensOf(text: string): string[] {
  return text
    .split(/[\s`'"(),;[\]{}<>]+/)
    .map((t) => t.replace(/[.:!?]+$/, ""))
    .filter(Boolean);
}

/** Tokens of `a` that `b` does not have (as many times as `a` has more of them). */
function tokensOnlyIn(a: string, b: string): string[] {
  const left = new Map<string, number>();
  for (const t of tokensOf(b)) left.set(t, (left.get(t) ?? 0) + 1);
  return tokensOf(a).filter((t) => {
    const n = left.get(t) ?? 0;
    if (n > 0) left.set(t, n - 1);
    return n === 0;
  });
}

function lastPart(name: string): string {
  return name.split(/\.|::|->|#/).pop() ?? name;
}

/** An identifier's shape: camelCase, snake_case, a member chain or a call; not a plain word. */
const CODE_SHAPED = /[a-z][A-Z]|_|\.|::|\(\)$|^[A-Z][A-Z0-9]+$/;

/** Names the comment writes as code: inside backticks, or shaped like an identifier. */
function writtenAsCode(name: string, comment: string): boolean {
  if (CODE_SHAPED.test(name)) return true;
  return [...comment.matchAll(/`([^`\n]+)`/g)].some((m) => m[1].includes(name));
}

/** Why a swap's names do not fit the code, or undefined when they do. */
export function symbolNameProblem(original: string, perturbed: string, code: readonly string[]): string | undefined {
  const comment = original;
  const ids = codeIdentifiers(code);
  const inCode = (n: string) => ids.names.has(n) || ids.names.has(lastPart(n));
  const isApi = (n: string) =>
    isLibraryElement({ element: n, name: lastPart(n) }) || (isBuiltinName(lastPart(n)) && !ids.added.has(lastPart(n)));
  const removed = [...new Set(tokensOnlyIn(original, perturbed))];
  const added = [...new Set(tokensOnlyIn(perturbed, original))];
  const api = [...removed, ...added].find(isApi);
  if (api) return `"${api}" is library or builtin API, not a name of the reviewed code.`;
  const from = removed.find(inCode) ?? removed.find((n) => writtenAsCode(n, comment));
  if (!from) return `"${removed.join(" ")}" does not occur in the code the reviewer saw, nor is it written as code.`;
  const to = added.find(inCode);
  if (!to) {
    const own = ids.added.has(from) || ids.added.has(lastPart(from));
    if (!own) return `"${added.join(" ")}" does not occur in the code, and "${from}" is not a name the change adds.`;
  }
  return undefined;
}
