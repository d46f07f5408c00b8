// Builds a base version of a file that a patch applies to, from the patch alone: the hunks'
// context and deleted lines at their recorded line numbers, the gaps between them padded with
// stand-in code. For demo and test mirrors, where no real repository exists.
import type { PatchFile, PatchHunk } from "@/lib/patch/released-patch";

export interface GapPlan {
  /** lines right after the previous hunk (or the top of the file) */
  start?: string[];
  /** lines right before the next hunk */
  end?: string[];
  /** indentation of the stand-in code in this gap */
  indent?: string;
}

export interface BaseFilePlan {
  /** gaps[i] precedes hunk i */
  gaps?: GapPlan[];
  /** lines after the last hunk; by default the file ends there when the hunk's trailing context is short */
  tail?: string[];
  style?: "code" | "text";
}

function standInLines(count: number, indent: string, style: "code" | "text", counter: { n: number }): string[] {
  const out: string[] = [];
  while (out.length + 4 <= count) {
    const n = ++counter.n;
    if (style === "text") {
      out.push(`- Unrelated entry ${n}, kept so line numbers match the review patch.`, "", `- Unrelated entry ${n}b.`, "");
    } else {
      const self = indent ? "self, " : "";
      out.push(
        `${indent}def _unrelated_helper_${n}(${self}value):`,
        `${indent}    # Stands in for code this demo repository does not need (keeps the patch's line numbers).`,
        `${indent}    return value`,
        "",
      );
    }
  }
  while (out.length < count) out.push("");
  return out;
}

const oldSide = (h: PatchHunk) => h.lines.filter((l) => l.kind === "context" || l.kind === "del").map((l) => l.text);

function trailingContext(h: PatchHunk): number {
  let n = 0;
  for (let i = h.lines.length - 1; i >= 0; i--) {
    const k = h.lines[i].kind;
    if (k === "meta") continue;
    if (k !== "context") break;
    n++;
  }
  return n;
}

/** The old side ends without a newline when the marker follows a deleted or context line. */
function oldEndsWithoutNewline(h: PatchHunk): boolean {
  for (let i = 1; i < h.lines.length; i++) {
    if (h.lines[i].kind === "meta" && h.lines[i].text.startsWith("\\ No newline") && h.lines[i - 1].kind !== "add") return true;
  }
  return false;
}

/** null for files the patch creates: they have no base version. */
export function synthesizeBaseFile(file: PatchFile, plan: BaseFilePlan = {}): string | null {
  if (file.hunks.length === 0 || file.hunks.every((h) => h.oldStart === 0 && h.oldCount === 0)) return null;
  const style = plan.style ?? (/\.(md|rst|txt)$/.test(file.oldPath) ? "text" : "code");
  const counter = { n: 0 };
  const lines: string[] = [];
  file.hunks.forEach((hunk, i) => {
    const at = hunk.oldCount === 0 ? hunk.oldStart : hunk.oldStart - 1;
    const gapLength = at - lines.length;
    if (gapLength < 0) throw new Error(`${file.path}: hunk ${hunk.header} overlaps the previous one`);
    const gap = plan.gaps?.[i] ?? {};
    let start = gap.start ?? [];
    let end = gap.end ?? [];
    if (end.length > gapLength) end = end.slice(end.length - gapLength);
    if (start.length + end.length > gapLength) start = [];
    lines.push(...start, ...standInLines(gapLength - start.length - end.length, gap.indent ?? "", style, counter), ...end);
    lines.push(...oldSide(hunk));
  });
  const last = file.hunks.at(-1);
  if (!last) return lines.join("\n"); // a file diff always has a hunk; nothing to close without one
  if (oldEndsWithoutNewline(last)) return lines.join("\n");
  if (plan.tail) lines.push(...plan.tail);
  else if (trailingContext(last) >= 3) lines.push(...standInLines(4, "", style, counter));
  return `${lines.join("\n")}\n`;
}
