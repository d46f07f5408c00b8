"use client";
// The whole patch under review, file by file. Only open files are parsed and rendered (the
// commented file opens by default), and they render as plain text first, highlighted in idle time
// afterwards: a 2,000-line, 48-file patch shows its commented hunk at first paint.
import { useCallback, useEffect, useMemo, useState } from "react";
import type { PatchFileChunk } from "@/lib/annotate/patch-chunks";
import { parsePatch, type CommentAnchor, type PatchFile, type PatchLine } from "@/lib/annotate/parse-patch";
import { revealBidiControlsInHtml } from "@/lib/text/bidi-controls";
import { BidiText } from "./bidi-text";
import { highlightLine, languageFor } from "./highlight";

export type { PatchFileChunk };
/** Parsed files (small patches) or per-file chunks parsed only when opened (large ones). */
export type PatchViewFile = PatchFile | PatchFileChunk;

export const JUMP_TO_HUNK_EVENT = "workbench:jump-to-hunk";

const ROW_BG = { add: "bg-emerald-50", del: "bg-rose-50", context: "", meta: "text-slate-500 italic" } as const;
const SIGN = { add: "+", del: "-", context: " ", meta: "" } as const;

const hasIdleCallback = () => typeof window.requestIdleCallback === "function";
const whenIdle = (cb: () => void): number =>
  hasIdleCallback() ? window.requestIdleCallback(cb, { timeout: 500 }) : window.setTimeout(cb, 16);
const cancelIdle = (handle: number) => (hasIdleCallback() ? window.cancelIdleCallback(handle) : window.clearTimeout(handle));

function useHighlighted(lines: PatchLine[] | null, lang: string | undefined): string[] | null {
  const [html, setHtml] = useState<string[] | null>(null);
  useEffect(() => {
    if (!lines || !lang) return;
    let cancelled = false;
    const handle = whenIdle(() => {
      if (!cancelled) setHtml(lines.map((l) => (l.kind === "meta" ? "" : highlightLine(l.text, lang))));
    });
    return () => {
      cancelled = true;
      cancelIdle(handle);
    };
  }, [lines, lang]);
  return html;
}

type Row = { kind: "header"; header: string; hi: number } | { kind: "line"; line: PatchLine; hi: number; li: number };

function FileBody({ file, anchor }: { file: PatchViewFile; anchor: { hunkIndex: number; lineIndex: number } | null }) {
  const parsed = useMemo(() => ("hunks" in file ? file : (parsePatch(file.text)[0] ?? null)), [file]);
  const flat = useMemo<Row[]>(
    () =>
      parsed?.hunks.flatMap((h, hi): Row[] => [
        { kind: "header", header: h.header, hi },
        ...h.lines.map((line, li): Row => ({ kind: "line", line, hi, li })),
      ]) ?? [],
    [parsed],
  );
  const lines = useMemo(() => flat.flatMap((r) => (r.kind === "line" ? [r.line] : [])), [flat]);
  const html = useHighlighted(lines, languageFor(file.path));
  if (!parsed || parsed.hunks.length === 0)
    return <p className="px-3 py-2 text-xs text-slate-500">No textual changes (binary file or pure rename).</p>;
  let lineCounter = -1;
  return (
    <table className="w-full border-collapse font-mono text-xs">
      <tbody>
        {flat.map((row) => {
          if (row.kind === "header") {
            return (
              <tr key={`h${row.hi}`} className="bg-indigo-50 text-indigo-800" data-hunk-header="true">
                <td colSpan={4} className="px-3 py-1">
                  {row.header}
                </td>
              </tr>
            );
          }
          lineCounter++;
          const { line, hi, li } = row;
          const marked = anchor?.hunkIndex === hi && anchor?.lineIndex === li;
          const lineHtml = html?.[lineCounter];
          return (
            <tr
              key={`${hi}-${li}`}
              id={marked ? "commented-line" : undefined}
              data-commented={marked ? "true" : undefined}
              className={`${ROW_BG[line.kind]} ${marked ? "outline outline-2 -outline-offset-2 outline-amber-500" : ""}`}
            >
              <td className="w-12 select-none px-2 text-right align-top text-slate-600">{line.oldNo ?? ""}</td>
              <td className="w-12 select-none px-2 text-right align-top text-slate-600">{line.newNo ?? ""}</td>
              <td className="w-4 select-none align-top text-slate-600">{SIGN[line.kind]}</td>
              {lineHtml !== undefined && lineHtml !== "" ? (
                <td
                  className="whitespace-pre-wrap break-all pr-3"
                  dangerouslySetInnerHTML={{ __html: revealBidiControlsInHtml(lineHtml) }}
                />
              ) : (
                <td className="whitespace-pre-wrap break-all pr-3">
                  <BidiText text={line.text} />
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function PatchView({ files, anchor }: { files: PatchViewFile[]; anchor: CommentAnchor | null }) {
  const [open, setOpen] = useState<Set<number>>(
    () => new Set(files.length <= 3 ? files.map((_, i) => i) : anchor ? [anchor.fileIndex] : [0]),
  );
  const toggle = useCallback(
    (i: number) =>
      setOpen((s) => {
        const next = new Set(s);
        if (next.has(i)) next.delete(i);
        else next.add(i);
        return next;
      }),
    [],
  );
  const [jumpRequest, setJumpRequest] = useState(0);

  useEffect(() => {
    const onJump = () => {
      if (anchor) setOpen((s) => new Set(s).add(anchor.fileIndex));
      setJumpRequest((n) => n + 1);
    };
    window.addEventListener(JUMP_TO_HUNK_EVENT, onJump);
    return () => window.removeEventListener(JUMP_TO_HUNK_EVENT, onJump);
  }, [anchor]);

  useEffect(() => {
    if (jumpRequest === 0) return;
    const el = document.getElementById("commented-line");
    el?.scrollIntoView({ block: "center", behavior: "smooth" });
    el?.animate?.([{ backgroundColor: "#fde68a" }, { backgroundColor: "transparent" }], { duration: 1200 });
  }, [jumpRequest]);

  const openAndScroll = (i: number) => {
    setOpen((s) => new Set(s).add(i));
    requestAnimationFrame(() => document.getElementById(`patch-file-${i}`)?.scrollIntoView({ block: "start" }));
  };

  const totals = files.reduce((t, f) => ({ add: t.add + f.additions, del: t.del + f.deletions }), { add: 0, del: 0 });
  return (
    <div className="space-y-3" data-testid="patch-view">
      <div className="flex flex-wrap items-center gap-3 text-xs text-slate-600">
        <span>
          {files.length} file{files.length === 1 ? "" : "s"} · <span className="text-emerald-700">+{totals.add}</span>{" "}
          <span className="text-rose-700">−{totals.del}</span>
        </span>
        <button
          type="button"
          className="rounded border border-slate-300 bg-white px-2 py-0.5 hover:bg-slate-50"
          onClick={() => setOpen(new Set(files.map((_, i) => i)))}
        >
          Expand all
        </button>
        <button
          type="button"
          className="rounded border border-slate-300 bg-white px-2 py-0.5 hover:bg-slate-50"
          onClick={() => setOpen(new Set(anchor ? [anchor.fileIndex] : []))}
        >
          Collapse all
        </button>
        {files.length > 3 && (
          <details className="w-full">
            <summary className="cursor-pointer text-slate-500">File index</summary>
            <ul className="mt-1 grid gap-x-4 font-mono sm:grid-cols-2">
              {files.map((f, i) => (
                <li key={f.path + i} className="truncate">
                  <button type="button" className="text-left text-indigo-700 hover:underline" onClick={() => openAndScroll(i)}>
                    {f.path}
                  </button>
                  {anchor?.fileIndex === i && <span className="ml-1 text-amber-700">●</span>}
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
      {files.map((file, fi) => {
        const holdsComment = anchor?.fileIndex === fi;
        const isOpen = open.has(fi);
        return (
          <section
            key={file.path + fi}
            id={`patch-file-${fi}`}
            data-testid="patch-file"
            data-path={file.path}
            data-open={isOpen ? "true" : "false"}
            className="overflow-hidden rounded-lg border border-slate-200 bg-white"
          >
            <button
              type="button"
              onClick={() => toggle(fi)}
              aria-expanded={isOpen}
              className="flex w-full items-center gap-3 bg-slate-50 px-3 py-2 text-left font-mono text-xs hover:bg-slate-100"
            >
              <span className="text-slate-500">{isOpen ? "▾" : "▸"}</span>
              <span className="font-semibold">{file.oldPath !== file.path ? `${file.oldPath} → ${file.path}` : file.path}</span>
              <span className="text-emerald-700">+{file.additions}</span>
              <span className="text-rose-700">-{file.deletions}</span>
              {holdsComment && <span className="rounded bg-amber-200 px-1.5 text-amber-900">comment here</span>}
            </button>
            {isOpen && <FileBody file={file} anchor={holdsComment && anchor ? anchor : null} />}
          </section>
        );
      })}
    </div>
  );
}
