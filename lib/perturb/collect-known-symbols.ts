// The names a symbol perturbation may swap in (paper §2: test_nanmedian → test_nanmedian_impl):
// identifiers and file paths of the patch, which every instance has, plus those of the repository
// at the base commit when a local mirror holds it. A swap to a name that really exists there is
// the harder negative, so the repository matters, but the patch alone still gives candidates.
import { existsSync } from "node:fs";
import { hasCommit, streamGitLines, type Mirror } from "@/lib/repo/git-command";
import { listTree } from "@/lib/repo/list-tree";
import { locateMirror } from "@/lib/repo/mirror-path";
import { readFileAt } from "@/lib/repo/read-file";
import { HUNK_HEADER, parseFileHeader } from "@/lib/patch/released-patch";

export type KnownSymbols = {
  symbols: string[];
  /**
   * The files the patch touches as they stand at the base commit (a mirror's; none without one): with
   * the patch, the code the reviewer saw, where a symbol swap's names must occur (issue #42).
   */
  files: string[];
  fromRepository: boolean;
  /** One line for the page, saying where the names came from. */
  note: string;
};

/** Where repository names come from; the mirror adapter below is the real one. */
export type RepositorySymbolSource = {
  label: string;
  listPaths(): Promise<string[]>;
  /** Identifiers in the text files under these folders ("" = the whole repository), at most `cap`. */
  identifiersUnder(folders: string[], cap: number): Promise<string[]>;
  /** The text of these files as they stand (missing, binary or too-large ones left out). */
  readTexts(paths: string[]): Promise<string[]>;
};

/** At most this many touched files are read: a patch's own files, not a vendored tree. */
const TOUCHED_FILE_CAP = 40;

export const PATCH_ONLY_NOTE = "symbols from the patch only: no repository mirror";
const REPOSITORY_IDENTIFIER_CAP = 50_000;

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]+/g;

/** Every identifier-shaped token of a text, as `git grep -o` reads a repository's files (mirrorSymbolSource). */
export function identifiersIn(text: string): string[] {
  return [...text.matchAll(IDENTIFIER)].map((m) => m[0]);
}

/** Identifiers on every patch line (removed lines exist at the base, added ones in the patch) and its file paths. */
export function identifiersInPatch(patch: string): { identifiers: string[]; paths: string[] } {
  const identifiers = new Set<string>();
  const paths = new Set<string>();
  for (const line of patch.split("\n")) {
    const file = parseFileHeader(line);
    if (file) {
      paths.add(file.oldPath);
      paths.add(file.path);
      continue;
    }
    for (const id of identifiersIn(line.replace(HUNK_HEADER, ""))) identifiers.add(id);
  }
  return { identifiers: [...identifiers].sort(), paths: [...paths].sort() };
}

function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
}

export async function collectKnownSymbols(input: {
  patch: string;
  repository?: RepositorySymbolSource | null;
  /** Why there is no repository source (shown after the patch-only note). */
  unavailableReason?: string;
}): Promise<KnownSymbols> {
  const fromPatch = identifiersInPatch(input.patch);
  const symbols = new Set([...fromPatch.identifiers, ...fromPatch.paths]);
  if (!input.repository) {
    return {
      symbols: [...symbols].sort(),
      files: [],
      fromRepository: false,
      note: input.unavailableReason ? `${PATCH_ONLY_NOTE} (${input.unavailableReason})` : PATCH_ONLY_NOTE,
    };
  }
  const paths = await input.repository.listPaths();
  const present = new Set(paths.map(folderOf));
  // The folders the patch touches hold the near misses that matter (a sibling test, a private twin).
  const folders = [...new Set(fromPatch.paths.map(folderOf))].filter((f) => present.has(f));
  const identifiers = await input.repository.identifiersUnder(folders.includes("") ? [""] : folders, REPOSITORY_IDENTIFIER_CAP);
  for (const p of paths) symbols.add(p);
  for (const id of identifiers) symbols.add(id);
  const inTree = new Set(paths);
  const touched = fromPatch.paths.filter((p) => inTree.has(p)).slice(0, TOUCHED_FILE_CAP);
  const files = await input.repository.readTexts(touched);
  return {
    symbols: [...symbols].sort(),
    files,
    fromRepository: true,
    note: `symbols from the patch and ${input.repository.label} (${paths.length.toLocaleString("en-US")} files, identifiers of ${folders.length || "no"} touched folder${folders.length === 1 ? "" : "s"})`,
  };
}

/** Repository names at one commit of a local bare mirror (lib/repo). */
function mirrorSymbolSource(mirror: Mirror, commit: string): RepositorySymbolSource {
  return {
    label: `${mirror.fullName} at ${commit.slice(0, 7)}`,
    async listPaths() {
      const tree = await listTree(mirror, commit);
      return tree.entries.filter((e) => e.kind === "file").map((e) => e.path);
    },
    async identifiersUnder(folders, cap) {
      const found = new Set<string>();
      const pathspec = folders.includes("") ? [] : folders;
      // One `git grep -o` over the folders instead of reading files one by one.
      await streamGitLines(
        mirror,
        ["grep", "-I", "-h", "-o", "-E", "-e", "[A-Za-z_][A-Za-z0-9_]+", commit, "--", ...pathspec],
        (line) => {
          if (line) found.add(line);
          return found.size < cap;
        },
        { okExitCodes: [0, 1], timeoutMs: 10_000 },
      );
      return [...found];
    },
    async readTexts(paths) {
      const texts: string[] = [];
      for (const p of paths) {
        const file = await readFileAt(mirror, commit, p);
        if (file.kind === "text") texts.push(file.text);
      }
      return texts;
    },
  };
}

/** The mirror of a repository at a commit, or why there is none (so the page can say so). */
export async function openMirrorSymbolSource(options: {
  mirrorsDir: string;
  fullName: string;
  commit: string;
}): Promise<{ source: RepositorySymbolSource; reason?: undefined } | { source: null; reason: string }> {
  let gitDir: string;
  try {
    gitDir = locateMirror(options.mirrorsDir, options.fullName);
  } catch (e) {
    return { source: null, reason: e instanceof Error ? e.message : String(e) };
  }
  if (!existsSync(gitDir)) return { source: null, reason: `${options.fullName} has not been mirrored yet` };
  const mirror: Mirror = { fullName: options.fullName, gitDir };
  if (!(await hasCommit(mirror, options.commit))) {
    return { source: null, reason: `the mirror of ${options.fullName} lacks base commit ${options.commit.slice(0, 7)}` };
  }
  return { source: mirrorSymbolSource(mirror, options.commit) };
}
