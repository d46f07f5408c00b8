// A PR's diff kept as `git diff --full-index` writes it (#44): every change in it, where the released
// format (released-patch.ts) keeps GitHub's per-file hunks only. Renames with and without changes keep
// both paths and their `rename from`/`rename to`, copies their `copy from`/`copy to`, binary files their
// "Binary files … differ" with full object ids, mode changes their modes, empty new files their
// `new file mode`: `git apply` of it on the merge base gives the head's tree, binary files taken from
// the mirror by id. Pure.
import { isFileHeader } from "./released-patch";

/** A text change git diffed as text that the database cannot hold (NUL) or that was not UTF-8 (decoded as U+FFFD). */
const unstorableText = (line: string) => line.includes("\u0000") || line.includes("\uFFFD");

interface Section {
  header: string[];
  body: string[];
}

function sectionsOf(gitDiff: string): Section[] {
  const lines = gitDiff.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const sections: Section[] = [];
  let current: Section | null = null;
  for (const line of lines) {
    if (isFileHeader(line)) {
      current = { header: [line], body: [] };
      sections.push(current);
    } else if (current && (current.body.length || line.startsWith("@@") || line.startsWith("Binary files ") || line === "GIT binary patch"))
      current.body.push(line);
    else current?.header.push(line);
  }
  return sections;
}

/**
 * The diff as git wrote it, but a text file whose hunks hold what PostgreSQL text cannot (a NUL past
 * git's 8,000-byte binary sniff) or bytes that were not UTF-8 is written the way git writes a binary
 * file: its `---`/`+++` names in "Binary files … differ", applied from the mirror by its full object id.
 * Ends with a newline, as git's output does (a patch without one is "corrupt" to `git apply`).
 */
export function formatGitPatch(gitDiff: string): string {
  const out: string[] = [];
  for (const s of sectionsOf(gitDiff)) {
    if (!s.body.some(unstorableText)) {
      out.push(...s.header, ...s.body);
      continue;
    }
    const minus = s.header.find((l) => l.startsWith("--- "))?.slice(4);
    const plus = s.header.find((l) => l.startsWith("+++ "))?.slice(4);
    out.push(...s.header.filter((l) => !l.startsWith("--- ") && !l.startsWith("+++ ")), `Binary files ${minus} and ${plus} differ`);
  }
  return out.length ? `${out.join("\n")}\n` : "";
}
