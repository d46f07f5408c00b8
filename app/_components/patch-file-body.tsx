"use client";
// One open file of the patch view, windowed (issue #31 item 10): every row is ROW_HEIGHT_PX tall (lines
// do not wrap; a wide file scrolls sideways), so the body is laid out at its full height from the row
// count alone and only the rows within reach of the viewport are in the DOM, with one spacer row
// standing for each run of the others. The commented line is always rendered, so #commented-line is
// there to jump to whenever its file is open. In-page search (Ctrl+F) sees the rendered rows only.
import { memo, type ReactNode, type RefObject, startTransition, useEffect, useLayoutEffect, useReducer, useRef, useState } from "react";
import type { PatchFileChunk } from "@/lib/annotate/patch-chunks";
import { parsePatch, type PatchFile } from "@/lib/annotate/parse-patch";
import {
  countPatchRows,
  type PatchRow,
  type PatchRows,
  patchRows,
  type RowSpan,
  renderedSpans,
  rowOfLine,
  rowsInReach,
} from "@/lib/annotate/patch-rows";
import { revealBidiControlsInHtml } from "@/lib/text/bidi-controls";
import { BidiText } from "./bidi-text";
import { languageFor } from "./highlight";
import type { IdleHighlighter } from "./idle-highlighter";
import { onViewportChange } from "./viewport-changes";

/** Parsed files (small patches) or per-file chunks parsed only when their rows are needed (large ones). */
export type PatchViewFile = PatchFile | PatchFileChunk;

const ROW_HEIGHT_PX = 20;
/** rows this far beyond the viewport are rendered too, so a wheel step never shows a blank */
const OVERSCAN_PX = 800;
const BLOCK_ROWS = 32;
/** what the first render holds before anything is measured (the server's HTML, hydration) */
const FIRST_PAINT_ROWS = 48;

const ROW_BG = { add: "bg-emerald-50", del: "bg-rose-50", context: "", meta: "text-slate-500 italic" } as const;
const SIGN = { add: "+", del: "-", context: " ", meta: "" } as const;
const NO_ROWS: PatchRows = { rows: [], lines: [], widestChars: 0 };

const parsedFiles = new WeakMap<PatchViewFile, PatchFile | null>();
const fileRows = new WeakMap<PatchViewFile, PatchRows>();

function parsedFile(file: PatchViewFile): PatchFile | null {
  if ("hunks" in file) return file;
  let parsed = parsedFiles.get(file);
  if (parsed === undefined) {
    parsed = parsePatch(file.text)[0] ?? null;
    parsedFiles.set(file, parsed);
  }
  return parsed;
}

function rowsOfFile(file: PatchViewFile): PatchRows {
  let rows = fileRows.get(file);
  if (!rows) {
    const parsed = parsedFile(file);
    rows = parsed ? patchRows(parsed) : NO_ROWS;
    fileRows.set(file, rows);
  }
  return rows;
}

function anchorRowOf(file: PatchViewFile, anchor: { hunkIndex: number; lineIndex: number }): number | null {
  const parsed = parsedFile(file);
  return parsed ? rowOfLine(parsed, anchor.hunkIndex, anchor.lineIndex) : null;
}

const rowCountOf = (file: PatchViewFile): number => ("hunks" in file ? countPatchRows(file) : file.rows);

/** the file's lines to highlight, null for the `\ No newline` markers */
const textsOf = (file: PatchViewFile) => () => rowsOfFile(file).lines.map((l) => (l.kind === "meta" ? null : l.text));

/** the lines (by index among the file's lines) that the rows in `spans` show */
function lineSpanOf(rows: PatchRow[], spans: RowSpan[]): RowSpan | null {
  let start = Number.POSITIVE_INFINITY;
  let end = -1;
  for (const span of spans)
    for (let r = span.start; r < span.end; r++) {
      const row = rows[r];
      if (row?.kind !== "line") continue;
      start = Math.min(start, row.n);
      end = Math.max(end, row.n + 1);
    }
  return end > start ? { start, end } : null;
}

function Spacer({ rows }: { rows: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row holds nothing focusable; it only stands for rows not rendered
    <tr aria-hidden="true" data-spacer="" style={{ height: rows * ROW_HEIGHT_PX }}>
      <td colSpan={4} className="p-0" />
    </tr>
  );
}

interface FileBodyProps {
  file: PatchViewFile;
  anchor: { hunkIndex: number; lineIndex: number } | null;
  highlighter: IdleHighlighter<PatchViewFile>;
  /** render the file's first rows and the commented line's neighbourhood before measuring (server render) */
  eager: boolean;
  /**
   * true while many files open at once ("Expand all"): a body then renders its first rows in a
   * transition, after the sections are laid out, instead of inside that one commit
   */
  openingMany: RefObject<boolean>;
}

export const FileBody = memo(function FileBody({ file, anchor, highlighter, eager, openingMany }: FileBodyProps) {
  const rowCount = rowCountOf(file);
  const anchorRow = anchor ? anchorRowOf(file, anchor) : null;
  const bodyRef = useRef<HTMLDivElement>(null);
  const [reach, setReach] = useState<RowSpan[]>(() =>
    eager
      ? [
          { start: 0, end: FIRST_PAINT_ROWS },
          ...(anchorRow === null ? [] : [{ start: anchorRow - FIRST_PAINT_ROWS / 2, end: anchorRow + FIRST_PAINT_ROWS / 2 }]),
        ]
      : [],
  );
  const [, highlighted] = useReducer((n: number) => n + 1, 0);

  // measured before the browser paints, so a file opened on its own in view never shows a blank frame
  useLayoutEffect(() => {
    const measure = () => {
      const el = bodyRef.current;
      if (!el) return;
      const next = rowsInReach(
        { top: el.getBoundingClientRect().top, viewportHeight: window.innerHeight, rowHeight: ROW_HEIGHT_PX, rowCount },
        { overscan: OVERSCAN_PX, block: BLOCK_ROWS },
      );
      setReach((prev) => (prev.length === 1 && prev[0].start === next.start && prev[0].end === next.end ? prev : [next]));
    };
    if (openingMany.current) startTransition(measure);
    else measure();
    return onViewportChange(measure);
  }, [rowCount, openingMany]);

  const spans = renderedSpans(anchorRow === null ? reach : [...reach, { start: anchorRow, end: anchorRow + 1 }], rowCount);
  const rows = spans.length > 0 ? rowsOfFile(file) : null;

  const lang = languageFor(file.path);
  useEffect(() => {
    if (!lang || rowCount === 0) return;
    return highlighter.open(file, lang, textsOf(file), highlighted);
  }, [file, lang, rowCount, highlighter]);
  const focus = rows ? lineSpanOf(rows.rows, spans) : null;
  const focusStart = focus?.start ?? -1;
  const focusEnd = focus?.end ?? -1;
  useEffect(() => {
    highlighter.focus(file, focusEnd > focusStart ? { start: focusStart, end: focusEnd } : null);
  }, [file, highlighter, focusStart, focusEnd]);

  if (rowCount === 0) return <p className="px-3 py-2 text-xs text-slate-500">No textual changes (binary file or pure rename).</p>;

  // nothing in reach: a block of the file's height stands for it (no table to lay out)
  if (!rows) return <div ref={bodyRef} data-file-body="" aria-hidden="true" style={{ height: rowCount * ROW_HEIGHT_PX }} />;
  const renderRow = (row: PatchRow, r: number): ReactNode => {
    if (row.kind === "header")
      return (
        <tr key={r} aria-rowindex={r + 1} className="h-5 bg-indigo-50 text-indigo-800" data-hunk-header="true">
          <td colSpan={4} className="whitespace-pre px-3 py-0 leading-5">
            {row.header}
          </td>
        </tr>
      );
    const { line } = row;
    const marked = anchorRow === r;
    const html = highlighter.html(file, row.n);
    return (
      <tr
        key={r}
        aria-rowindex={r + 1}
        id={marked ? "commented-line" : undefined}
        data-commented={marked ? "true" : undefined}
        className={`h-5 ${ROW_BG[line.kind]} ${marked ? "outline outline-2 -outline-offset-2 outline-amber-500" : ""}`}
      >
        <td className="select-none px-2 py-0 text-right align-top leading-5 text-slate-600">{line.oldNo ?? ""}</td>
        <td className="select-none px-2 py-0 text-right align-top leading-5 text-slate-600">{line.newNo ?? ""}</td>
        <td className="select-none py-0 align-top leading-5 text-slate-600">{SIGN[line.kind]}</td>
        {html !== undefined && html !== "" ? (
          <td className="whitespace-pre py-0 pr-3 leading-5" dangerouslySetInnerHTML={{ __html: revealBidiControlsInHtml(html) }} />
        ) : (
          <td className="whitespace-pre py-0 pr-3 leading-5">
            <BidiText text={line.text} />
          </td>
        )}
      </tr>
    );
  };

  const items: ReactNode[] = [];
  let pos = 0;
  for (const span of spans) {
    if (span.start > pos) items.push(<Spacer key={`s${pos}`} rows={span.start - pos} />);
    for (let r = span.start; r < span.end; r++) {
      const row = rows?.rows[r];
      if (row) items.push(renderRow(row, r));
    }
    pos = span.end;
  }
  if (pos < rowCount) items.push(<Spacer key={`s${pos}`} rows={rowCount - pos} />);

  // the numbers' columns (2 × 3rem + 1rem) and the code column's right padding, then the widest row
  const width = `max(100%, calc(7.75rem + ${rows.widestChars}ch))`;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide file scrolls sideways; the keyboard must reach it (WCAG 2.1.1)
    <div ref={bodyRef} data-file-body="" className="overflow-x-auto" tabIndex={0} role="group" aria-label={`Changes to ${file.path}`}>
      <table className="table-fixed border-collapse font-mono text-xs" style={{ width }} aria-rowcount={rowCount}>
        <colgroup>
          <col className="w-12" />
          <col className="w-12" />
          <col className="w-4" />
          <col />
        </colgroup>
        <tbody>{items}</tbody>
      </table>
    </div>
  );
});
