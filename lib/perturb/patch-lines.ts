import { HUNK_HEADER, parseFileHeader } from "@/lib/patch/released-patch";

// What code a patch shows per file, so a location perturbation can check that the place it
// moves a comment to is in the code the instance is judged against (issue #18).

/** Line content without its diff marker and surrounding whitespace ("+  x = 1" → "x = 1"). */
function contentOf(line: string): string {
  return line.slice(1).trim();
}

/** Per file path (old and new name), the non-blank content of every line its hunks show. */
export function linesByFile(patch: string): Map<string, Set<string>> {
  const files = new Map<string, Set<string>>();
  let current: Set<string> | undefined;
  for (const line of patch.split("\n")) {
    const header = parseFileHeader(line);
    if (header) {
      current = files.get(header.path) ?? new Set<string>();
      files.set(header.path, current);
      files.set(header.oldPath, current);
      continue;
    }
    if (!current || HUNK_HEADER.test(line) || line.startsWith("+++") || line.startsWith("---")) continue;
    if (/^[ +-]/.test(line) && contentOf(line) !== "") current.add(contentOf(line));
  }
  return files;
}

/**
 * The line a review comment sits on: GitHub cuts a comment's diff_hunk at the commented line, so
 * it is the hunk's last non-blank line. Undefined for a hunk with only a header.
 */
export function commentedLine(diffHunk: string): string | undefined {
  const lines = diffHunk.split("\n").filter((l) => !HUNK_HEADER.test(l) && contentOf(l) !== "");
  const last = lines[lines.length - 1];
  return last === undefined ? undefined : contentOf(last);
}

/**
 * The new-file line number of the line a review comment sits on (the last line of its diff_hunk,
 * counted from the header's `+start`), or undefined without a header or for a removed line.
 */
export function commentedLineNumber(diffHunk: string): number | undefined {
  const lines = diffHunk.replace(/\s+$/, "").split("\n");
  const headerAt = lines.findIndex((l) => HUNK_HEADER.test(l));
  const start = headerAt === -1 ? undefined : /\+(\d+)/.exec(lines[headerAt])?.[1];
  if (start === undefined) return undefined;
  const body = lines.slice(headerAt + 1);
  if (body.length === 0 || body[body.length - 1].startsWith("-")) return undefined;
  return Number(start) + body.filter((l) => !l.startsWith("-") && !l.startsWith("\\")).length - 1;
}
