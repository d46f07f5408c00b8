// Code search at one commit with `git grep`: fixed strings (a query is never a regex or an
// option), text files only, results capped so a one-letter query cannot flood the page.
import { AppError } from "@/lib/errors";
import { assertCommit, streamGitLines, type Mirror } from "./git-command";

export interface SearchMatch {
  path: string;
  line: number;
  text: string;
}

export interface SearchResult {
  matches: SearchMatch[];
  truncated: boolean;
}

export interface SearchOptions {
  ignoreCase?: boolean;
  maxMatches?: number;
  maxPerFile?: number;
  /** leave these files out (the patched view searches them itself) */
  excludePaths?: ReadonlySet<string>;
}

export const SEARCH_MATCH_CAP = 200;
const LINE_TEXT_CAP = 400;

function clipLine(text: string): string {
  return text.length > LINE_TEXT_CAP ? `${text.slice(0, LINE_TEXT_CAP)}…` : text;
}

export async function searchCode(mirror: Mirror, commit: string, query: string, options: SearchOptions = {}): Promise<SearchResult> {
  const { ignoreCase = false, maxMatches = SEARCH_MATCH_CAP, maxPerFile = 20, excludePaths } = options;
  if (query.trim().length < 2 || query.includes("\n") || query.includes("\0"))
    throw new AppError("invalid_input", "Type at least two characters to search.", { query });
  await assertCommit(mirror, commit);
  const args = ["grep", "-z", "-n", "-I", "-F", `--max-count=${maxPerFile}`, ...(ignoreCase ? ["-i"] : []), "-e", query, commit, "--"];
  const matches: SearchMatch[] = [];
  let truncated = false;
  const prefix = `${commit}:`;
  await streamGitLines(
    mirror,
    args,
    (record) => {
      // -z output: "<commit>:<path>\0<line>\0<text>"
      const first = record.indexOf("\0");
      const second = record.indexOf("\0", first + 1);
      if (first < 0 || second < 0) return true;
      const rawPath = record.slice(0, first);
      const path = rawPath.startsWith(prefix) ? rawPath.slice(prefix.length) : rawPath;
      if (excludePaths?.has(path)) return true;
      if (matches.length >= maxMatches) {
        truncated = true;
        return false;
      }
      matches.push({ path, line: Number(record.slice(first + 1, second)), text: clipLine(record.slice(second + 1)) });
      return true;
    },
    { okExitCodes: [0, 1] },
  );
  return { matches, truncated };
}

/** The same search over text held in memory (patched files). */
export function searchText(
  path: string,
  text: string,
  query: string,
  { ignoreCase = false, maxPerFile = 20 }: SearchOptions = {},
): SearchMatch[] {
  const needle = ignoreCase ? query.toLowerCase() : query;
  const out: SearchMatch[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length && out.length < maxPerFile; i++) {
    const hay = ignoreCase ? lines[i].toLowerCase() : lines[i];
    if (hay.includes(needle)) out.push({ path, line: i + 1, text: clipLine(lines[i]) });
  }
  return out;
}
