// A pull request as large as the paper's largest (Table 1: 2,070 edited lines over 48 files),
// in the released patch format, with review comments whose diff hunks sit all over it. For the
// annotation page benchmark and its tests; `scale` multiplies files and edited lines (4: 8,280 lines
// over 192 files, the size at which "Expand all" froze the page, issue #31 item 10).

export interface LargeCommentFixture {
  path: string;
  diffHunk: string;
  body: string;
}

export interface LargePatchFixture {
  scale: number;
  patch: string;
  files: number;
  editedLines: number;
  comments: LargeCommentFixture[];
}

const HUNKS_PER_FILE = 3;

function codeLine(file: number, n: number): string {
  const kinds = [
    `    result_${n} = compute_${file}_${n % 7}(values, axis=axis, skipna=skipna)`,
    `    if result_${n} is None or not isinstance(result_${n}, (int, float)):`,
    `        raise ValueError(f"unexpected result for shard ${file}: {result_${n}!r}")`,
    `    cache[${JSON.stringify(`key-${file}-${n}`)}] = result_${n}  # keep for the next call`,
    `def helper_${file}_${n}(values: list[float], *, scale: float = 1.0) -> list[float]:`,
    `    return [v * scale for v in values if v == v]`,
  ];
  return kinds[n % kinds.length];
}

/** edited lines per file are spread so the total is exactly `totalEdited` */
export function largePatchFixture({
  scale = 1,
  files = 48 * scale,
  totalEdited = 2070 * scale,
  commentsCount = 60,
}: {
  scale?: number;
  files?: number;
  totalEdited?: number;
  commentsCount?: number;
} = {}): LargePatchFixture {
  const out: string[] = [];
  const hunkTexts: { path: string; header: string; lines: string[] }[] = [];
  let edited = 0;
  for (let f = 0; f < files; f++) {
    const path = `pkg/module_${String(f).padStart(2, "0")}/core_${f}.py`;
    const share = Math.floor(totalEdited / files) + (f < totalEdited % files ? 1 : 0);
    out.push(`diff --git a/${path} b/${path}`);
    let oldLine = 40;
    let newLine = 40;
    for (let h = 0; h < HUNKS_PER_FILE; h++) {
      const inHunk = Math.floor(share / HUNKS_PER_FILE) + (h < share % HUNKS_PER_FILE ? 1 : 0);
      const deletions = Math.floor(inHunk / 3);
      const additions = inHunk - deletions;
      const lines: string[] = [];
      for (let i = 0; i < 3; i++) lines.push(` ${codeLine(f, h * 100 + i)}`);
      for (let i = 0; i < deletions; i++) lines.push(`-${codeLine(f, h * 100 + 10 + i)}`);
      for (let i = 0; i < additions; i++) lines.push(`+${codeLine(f, h * 100 + 50 + i)}`);
      for (let i = 0; i < 3; i++) lines.push(` ${codeLine(f, h * 100 + 90 + i)}`);
      const oldCount = 6 + deletions;
      const newCount = 6 + additions;
      const header = `@@ -${oldLine},${oldCount} +${newLine},${newCount} @@ def shard_${f}_${h}(values, axis=None, skipna=True):`;
      out.push(header, ...lines);
      hunkTexts.push({ path, header, lines });
      edited += inHunk;
      oldLine += oldCount + 60;
      newLine += newCount + 60;
    }
  }
  const comments: LargeCommentFixture[] = [];
  for (let c = 0; c < commentsCount; c++) {
    // spread over the whole patch, the first one deep inside it
    const n = hunkTexts.length;
    const hunk = hunkTexts[(((n - 1 - c * 7) % n) + n) % n];
    const upTo = 4 + (c % Math.max(1, hunk.lines.length - 4));
    comments.push({
      path: hunk.path,
      diffHunk: [hunk.header, ...hunk.lines.slice(0, upTo)].join("\n"),
      body: `Comment ${c + 1}: \`compute_${c % files}\` can return \`None\` here when every value is missing, so the \`isinstance\` check above raises instead of propagating NaN.`,
    });
  }
  return { scale, patch: out.join("\n"), files, editedLines: edited, comments };
}
