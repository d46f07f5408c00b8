"use client";
// The whole patch under review, file by file. Only open files are parsed and rendered (the
// commented file opens by default); each renders the rows within reach of the viewport
// (patch-file-body.tsx), as plain text first, highlighted in idle slices afterwards
// (idle-highlighter.ts): a 2,000-line, 48-file patch shows its commented hunk at first paint, and
// "Expand all" on an 8,280-line, 192-file one lays every file out without a long task.
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { PatchFileChunk } from "@/lib/annotate/patch-chunks";
import type { CommentAnchor } from "@/lib/annotate/parse-patch";
import { IdleHighlighter } from "./idle-highlighter";
import { FileBody, type PatchViewFile } from "./patch-file-body";
import { notifyViewportChange } from "./viewport-changes";

export type { PatchFileChunk, PatchViewFile };

export const JUMP_TO_HUNK_EVENT = "workbench:jump-to-hunk";

export function PatchView({ files, anchor }: { files: PatchViewFile[]; anchor: CommentAnchor | null }) {
  const rootRef = useRef<HTMLDivElement>(null);
  // how many lines of open files are still plain, for tests and the benchmark (data-highlight-pending)
  const [highlighter] = useState(
    () => new IdleHighlighter<PatchViewFile>((pending) => rootRef.current?.setAttribute("data-highlight-pending", String(pending))),
  );
  useEffect(() => () => highlighter.dispose(), [highlighter]);
  // bodies rendered before hydration ends show their first rows unmeasured (the server's HTML)
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const openingMany = useRef(false);
  const [open, setOpen] = useState<Set<number>>(
    () => new Set(files.length <= 3 ? files.map((_, i) => i) : anchor ? [anchor.fileIndex] : [0]),
  );
  const toggle = useCallback((i: number) => {
    openingMany.current = false;
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  }, []);
  const [jumpRequest, setJumpRequest] = useState(0);

  useEffect(() => {
    const onJump = () => {
      openingMany.current = false;
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

  // a file opened or closed above moves every body below without a scroll event
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(notifyViewportChange);
    observer.observe(root);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const openAndScroll = (i: number) => {
    openingMany.current = false;
    setOpen((s) => new Set(s).add(i));
    requestAnimationFrame(() => document.getElementById(`patch-file-${i}`)?.scrollIntoView({ block: "start" }));
  };

  const totals = files.reduce((t, f) => ({ add: t.add + f.additions, del: t.del + f.deletions }), { add: 0, del: 0 });
  return (
    <div ref={rootRef} className="space-y-3" data-testid="patch-view">
      <div className="flex flex-wrap items-center gap-3 text-xs text-slate-600">
        <span>
          {files.length} file{files.length === 1 ? "" : "s"} · <span className="text-emerald-700">+{totals.add}</span>{" "}
          <span className="text-rose-700">−{totals.del}</span>
        </span>
        <button
          type="button"
          className="rounded border border-slate-300 bg-white px-2 py-0.5 hover:bg-slate-50"
          // a transition: React builds the 192 sections of a large patch in slices it yields between
          onClick={() => {
            openingMany.current = true;
            startTransition(() => setOpen(new Set(files.map((_, i) => i))));
          }}
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
            {isOpen && (
              <FileBody
                file={file}
                anchor={holdsComment && anchor ? anchor : null}
                highlighter={highlighter}
                eager={!hydrated}
                openingMany={openingMany}
              />
            )}
          </section>
        );
      })}
    </div>
  );
}
