import type { InlineAnchor, LocationCandidate, PerturbationResult } from "./candidate-schema";
import { findCodeElements } from "./code-elements";
import { hunkKey, isAnotherPlace, linesApart } from "./hunk-key";
import { commentedLine, linesByFile } from "./patch-lines";

function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1);
  return base.includes(".") ? base.slice(base.lastIndexOf(".") + 1) : "";
}

function isInline(anchor: InlineAnchor): boolean {
  return anchor.path.trim() !== "" && anchor.diffHunk.trim() !== "";
}

/** A hunk header without the function context GitHub appends: "@@ -10,6 +10,9 @@". */
function headerOf(line: string): string {
  return line.replace(/^(@@[^@]*@@).*$/, "$1");
}

/** Same file and the same commented line: an older comment on this spot from an earlier push. */
function samePlace(a: InlineAnchor, b: InlineAnchor): boolean {
  const line = commentedLine(a.diffHunk);
  return a.path === b.path && line !== undefined && line === commentedLine(b.diffHunk);
}

/**
 * Moves a comment onto the file path + diff hunk of another inline comment in the same PR
 * (paper §2, location perturbation: same text, both path and hunk replaced). Only a different
 * place by content counts: the same hunk (unless the lines are at least 10 apart: a new file is
 * one hunk), or the same commented line under another push's hunk header, is never offered, since
 * the comment may well still apply there. With the patch the
 * instance is judged against, the commented line must be in it, so the move lands on code the
 * judge can see (a comment on a file the final patch no longer touches is skipped).
 *
 * Ranking score: 100 for another file, 50 for another hunk of the same file, 30 for a line at least
 * 10 lines away in the same hunk (a new file is one hunk); +10 when the other
 * file has the same extension (the move is harder to spot); +5 when the sibling's hunk header is
 * in the judged patch (its current push); minus 0.1 per sibling before it. Siblings on one place
 * (same file and line, different pushes) count once, with the best-scored hunk.
 */
export type LocationOptions = {
  /** The patch the instance is judged against; a move must land on code present in it. */
  patch?: string;
  /**
   * The comment's text (issue #28 item 4): a comment that names its own file or line stays right
   * wherever it is shown, and a place whose code has the names the comment uses may make it right
   * again; neither is offered.
   */
  body?: string;
};

function basenameOf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** The comment points at its place in words: its file's name, "line 42", "L42", "#L42". */
function namesItsPlace(body: string, target: InlineAnchor): boolean {
  const base = basenameOf(target.path);
  return (base.length > 0 && body.includes(base)) || /\b(?:line|lines|L)\s?\d+\b|#L\d+/.test(body);
}

/**
 * The comment answers its thread or points elsewhere (issue #28, real review threads): an
 * acknowledgement ("Fixed!", "Yeah, ...", "Good point - ..."), the author reporting what they did
 * ("I did my best here", "I've moved it"), or a pointer to another comment ("see previous comment").
 * Moved alone it reads as an answer to nothing or stays right anywhere, so it is not moved.
 */
const ANSWERS =
  /^\s*(?:(?:yeah|yes|yep|yup|nope|ok|okay|sure|thanks|thank you|thx|fixed|done|agreed|oh|ah|good point|good catch|nice catch|makes sense|will do|lgtm|sounds good|if you (?:like|want|prefer))\b|right[!,.]|i(?:'ve|'ll|’ve|’ll)\s|i (?:did|will|just|already|moved|changed|added|removed|fixed|set|updated|reverted|totally agree|agree)\b)/i;
const POINTERS = /\b(?:see (?:the )?(?:previous|above|my other|other|earlier) comments?|same (?:as above|here|as before)|ditto)\b/i;

function answersItsThread(body: string): boolean {
  return ANSWERS.test(body) || POINTERS.test(body);
}

/** The code a ```suggestion block proposes, line by line (trimmed, non-blank). */
function suggestedLines(body: string): string[] {
  const lines: string[] = [];
  for (const block of body.matchAll(/```suggestion[^\n]*\n([\s\S]*?)```/g)) {
    for (const line of block[1].split(/\r?\n/)) if (line.trim()) lines.push(line.trim());
  }
  return lines;
}

/** The hunk already shows a line the suggestion proposes: there the suggestion would hold (or be a no-op). */
function hunkHasSuggested(hunk: string, suggested: readonly string[]): boolean {
  const code = new Set(
    hunk
      .split("\n")
      .filter((l) => !l.startsWith("@@") && !l.startsWith("-"))
      .map((l) => l.slice(1).trim())
      .filter((l) => l && !l.startsWith("#") && !l.startsWith("//")),
  );
  return suggested.some((l) => code.has(l));
}

/**
 * The specific names and literals of a commented line: string literals (`"gpt-3.5-turbo"`) and
 * compound identifiers (`smart_llm_model`, `retryCount`), the parts a remark about the line is about.
 */
function specificsOf(line: string | undefined): Set<string> {
  const found = new Set<string>();
  if (!line) return found;
  for (const m of line.matchAll(/(["'`])((?:(?!\1).){3,})\1/g)) found.add(m[0].slice(1, -1));
  for (const m of line.matchAll(/[A-Za-z_$][\w$]*/g)) {
    const word = m[0];
    if (word.length >= 6 && /[a-z0-9]_[a-z0-9]|[a-z][A-Z]/i.test(word) && /_|[a-z][A-Z]/.test(word)) found.add(word);
  }
  return found;
}

/**
 * The other commented line has the same construct as the comment's own line (a shared compound
 * name or string literal): a remark about one very likely holds for the other (issue #28).
 */
function sameConstruct(own: Set<string>, otherLine: string | undefined): boolean {
  if (own.size === 0) return false;
  for (const s of specificsOf(otherLine)) if (own.has(s)) return true;
  return false;
}

/**
 * An import line (`import os`, `from x import y`, `#include`, `require(...)`, `use a::b;`): a moved
 * remark about behaviour reads as misplaced there at a glance, and an import remark still holds.
 */
function isImportLine(line: string | undefined): boolean {
  return (
    line !== undefined &&
    /^(?:import\s|from\s+\S+\s+import\s|#\s*include\b|using\s+[\w.]+;|use\s+[\w:]+|(?:const|let|var)\s+\w+\s*=\s*require\()/.test(line)
  );
}

/** The code elements the comment names (`retry_count`, `parse()`), for "the same construct is there too". */
function namedElements(body: string): string[] {
  return [
    ...new Set(
      findCodeElements(body)
        .filter((e) => e.shape === "identifier" && e.name.length > 2)
        .map((e) => e.name),
    ),
  ];
}

/** Every name the comment uses is in that hunk's code: the construct it is about is there too. */
function hunkHasAll(hunk: string, names: readonly string[]): boolean {
  const code = hunk
    .split("\n")
    .filter((l) => !l.startsWith("@@"))
    .join("\n");
  return names.every((n) => new RegExp(`(?<![\\w$])${n.replace(/[$]/g, "\\$")}(?![\\w$])`).test(code));
}

/**
 * The moves in an order an expert can compare: one per hunk first, another file and another hunk
 * of the same file alternating at the top, then the rest by score.
 */
function diversify(sorted: readonly LocationCandidate[]): LocationCandidate[] {
  const ordered: LocationCandidate[] = [];
  const taken = new Set<LocationCandidate>();
  const hunks = new Set<string>();
  const take = (c: LocationCandidate) => {
    ordered.push(c);
    taken.add(c);
    hunks.add(hunkKey(c));
  };
  for (const wantSameFile of [false, true]) {
    const next = sorted.find((c) => !taken.has(c) && c.sameFile === wantSameFile && !hunks.has(hunkKey(c)));
    if (next) take(next);
  }
  ordered.sort((a, b) => b.score - a.score);
  for (const c of sorted) if (!taken.has(c) && !hunks.has(hunkKey(c))) take(c);
  for (const c of sorted) if (!taken.has(c)) take(c);
  return ordered;
}

export function locationCandidates(
  target: InlineAnchor,
  others: readonly InlineAnchor[],
  options: LocationOptions = {},
): PerturbationResult<LocationCandidate> {
  if (!isInline(target)) {
    return { candidates: [], reason: "The target is not an inline comment (no file path or diff hunk), so it has no location to move." };
  }
  const inline = others.filter((o) => o.id !== target.id && isInline(o));
  if (inline.length === 0) {
    return { candidates: [], reason: "The pull request has no other inline review comment whose location could be borrowed." };
  }
  if (options.body && namesItsPlace(options.body, target)) {
    return {
      candidates: [],
      reason: `The comment names its own place (${basenameOf(target.path)} or a line number), so it stays right wherever it is shown.`,
    };
  }
  if (options.body && answersItsThread(options.body)) {
    return {
      candidates: [],
      reason:
        'The comment answers its thread or points to another comment (an acknowledgement, the author\'s report, "see previous comment"), so moved alone it reads as an answer to nothing.',
    };
  }
  const names = options.body ? namedElements(options.body) : [];
  const suggested = options.body ? suggestedLines(options.body) : [];
  const ownSpecifics = specificsOf(commentedLine(target.diffHunk));
  const targetHunk = hunkKey(target);
  const code = options.patch ? linesByFile(options.patch) : undefined;
  const inCode = (anchor: InlineAnchor) => {
    if (!code) return true;
    const line = commentedLine(anchor.diffHunk);
    return line !== undefined && (code.get(anchor.path)?.has(line) ?? false);
  };
  if (!inCode(target)) {
    return {
      candidates: [],
      reason:
        "The comment's own line is not in the patch the instance is judged against, so a moved copy could not be told from the original.",
    };
  }
  const headers = options.patch
    ? new Set(
        options.patch
          .split("\n")
          .filter((l) => l.startsWith("@@"))
          .map(headerOf),
      )
    : undefined;
  const byPlace = new Map<string, LocationCandidate>();
  inline.forEach((other, order) => {
    // A new file comes as one hunk: within it, only a place far from the comment's own line is another place.
    if (!isAnotherPlace(target, other) || samePlace(target, other) || !inCode(other)) return;
    const apart = hunkKey(other) === targetHunk ? linesApart(target, other) : undefined;
    // the code there has every name the comment is about: the comment may hold there too
    if (names.length > 0 && hunkHasAll(other.diffHunk, names)) return;
    // the code there already has a line the suggestion proposes: the suggestion may hold there too
    if (suggested.length > 0 && hunkHasSuggested(other.diffHunk, suggested)) return;
    const otherLine = commentedLine(other.diffHunk);
    // the commented line there has the same construct (a shared compound name or literal) as the comment's own
    if (sameConstruct(ownSpecifics, otherLine)) return;
    // an import line is no place for a moved remark
    if (isImportLine(otherLine)) return;
    const sameFile = other.path === target.path;
    const sameExtension = extensionOf(other.path) === extensionOf(target.path);
    const current = headers?.has(headerOf(other.diffHunk.split("\n")[0] ?? "")) ?? false;
    const score =
      (apart !== undefined ? 30 : sameFile ? 50 : 100) +
      (!sameFile && sameExtension ? 10 : 0) +
      (current ? 5 : 0) -
      Math.min(9, order * 0.1);
    // Two comments on one line from different pushes are one place: keep the current push's hunk.
    const place = `${other.path}\u0000${otherLine ?? other.diffHunk}`;
    const kept = byPlace.get(place);
    if (kept && kept.score >= score) return;
    byPlace.set(place, {
      id: other.id,
      path: other.path,
      diffHunk: other.diffHunk,
      sameFile,
      score: Math.round(score * 10) / 10,
      rationale:
        apart !== undefined
          ? `Moves the comment ${apart} lines away within the same hunk of ${other.path} (from comment ${other.id}).`
          : sameFile
            ? `Moves the comment to another hunk of ${other.path} (from comment ${other.id}).`
            : `Moves the comment from ${target.path} to ${other.path}${sameExtension ? " (same file type)" : ""} (from comment ${other.id}).`,
    });
  });
  const candidates = [...byPlace.values()];
  if (candidates.length === 0) {
    return {
      candidates,
      reason:
        "Every other inline comment sits on the same place (same hunk, or the same line from an earlier push), on code the patch no longer shows, or on code where the comment may still hold (the names, suggested line or construct it is about), so no move changes the location.",
    };
  }
  return { candidates: diversify(candidates.sort((a, b) => b.score - a.score)) };
}
