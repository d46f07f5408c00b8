// Writes a bare repository from file snapshots with `git fast-import` (one git process, no
// working tree). Fixed author, committer and dates make the commit ids depend only on content,
// so concurrent builders (two e2e servers, parallel tests) produce the same mirror.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, rmSync, mkdirSync } from "node:fs";
import path from "node:path";
import { hasCommit, runGitCommand } from "./git-command";

export interface MirrorCommit {
  message: string;
  /** files written (or overwritten) by this commit, on top of the previous one */
  files: Record<string, string>;
}

const EPOCH = 1_735_689_600; // 2025-01-01T00:00:00Z
const IDENTITY = "Workbench Demo <demo@workbench.invalid>";

function fastImportStream(commits: MirrorCommit[], branch = "main"): Buffer {
  const parts: Buffer[] = [];
  const text = (s: string) => parts.push(Buffer.from(s, "utf8"));
  const data = (s: string) => {
    const bytes = Buffer.from(s, "utf8");
    text(`data ${bytes.length}\n`);
    parts.push(bytes);
    text("\n");
  };
  commits.forEach((c, i) => {
    const when = `${EPOCH + i * 3600} +0000`;
    text(`commit refs/heads/${branch}\nmark :${i + 1}\nauthor ${IDENTITY} ${when}\ncommitter ${IDENTITY} ${when}\n`);
    data(c.message);
    for (const [file, content] of Object.entries(c.files).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (file.includes("\n") || file.startsWith('"')) throw new Error(`unsupported demo path ${JSON.stringify(file)}`);
      text(`M 100644 inline ${file}\n`);
      data(content);
    }
  });
  text("done\n");
  return Buffer.concat(parts);
}

async function git(args: string[], input?: Buffer): Promise<void> {
  await runGitCommand(args, { input, timeoutMs: 0 });
}

/** Builds the mirror at gitDir (atomically) unless it already holds the same history; returns the commit ids in order. */
export async function ensureBareMirror(gitDir: string, fullName: string, commits: MirrorCommit[]): Promise<string[]> {
  mkdirSync(path.dirname(gitDir), { recursive: true });
  const tmp = `${gitDir}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    await git(["init", "--quiet", "--bare", "--initial-branch=main", tmp]);
    const marks = path.join(tmp, "demo-marks");
    await git([`--git-dir=${tmp}`, "fast-import", "--quiet", "--done", `--export-marks=${marks}`], fastImportStream(commits));
    const shaByMark = new Map(
      readFileSync(marks, "utf8")
        .trim()
        .split("\n")
        .map((l): [string, string] => [l.slice(0, l.indexOf(" ")), l.slice(l.indexOf(" ") + 1)]),
    );
    const shas = commits.map((_, i) => {
      const sha = shaByMark.get(`:${i + 1}`);
      if (!sha) throw new Error(`git fast-import wrote no commit for mark :${i + 1}`);
      return sha;
    });
    rmSync(marks);
    const mirror = { fullName, gitDir };
    const last = shas.at(-1) ?? "";
    if (existsSync(gitDir) && (await hasCommit(mirror, last))) return shas;
    if (existsSync(gitDir)) {
      // an older mirror at the same path: add the new history beside it, never delete anything
      await git([`--git-dir=${gitDir}`, "fetch", "--quiet", "--force", tmp, "+refs/heads/main:refs/heads/main"]);
      return shas;
    }
    try {
      renameSync(tmp, gitDir);
    } catch (e) {
      // another process won the race with the same content
      if (!(existsSync(gitDir) && (await hasCommit(mirror, last)))) throw e;
    }
    return shas;
  } finally {
    if (existsSync(tmp)) rmSync(tmp, { recursive: true, force: true });
  }
}
