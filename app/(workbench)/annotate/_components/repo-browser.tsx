"use client";
// The repository at the PR's base commit (or with the patch applied), from the local git mirror:
// file tree, file view and code search. Nothing loads until the annotator opens it.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { highlightLine, languageFor } from "@/app/_components/highlight";
import { instanceKeys } from "@/lib/annotate/query-keys";
import type { RepoVersion } from "@/lib/repo/patched-view";
import { apiFetch } from "@/lib/http/api-client";
import { BidiText } from "@/app/_components/bidi-text";

interface TreeEntry {
  path: string;
  size: number | null;
  kind: string;
  change: string | null;
}
type FileResult =
  | { kind: "text"; path: string; size: number; text: string; source?: string }
  | { kind: "binary" | "too-large"; path: string; size: number }
  | { kind: "missing" | "directory" | "submodule"; path: string };
interface SearchMatch {
  path: string;
  line: number;
  text: string;
}

const CHANGE_BADGE: Record<string, string> = { added: "A", modified: "M", deleted: "D", renamed: "R" };
const HIGHLIGHT_LINE_LIMIT = 5000;

interface DirNode {
  name: string;
  path: string;
  dirs: Map<string, DirNode>;
  files: TreeEntry[];
  changed: boolean;
}

function buildTree(entries: TreeEntry[]): DirNode {
  const root: DirNode = { name: "", path: "", dirs: new Map(), files: [], changed: false };
  for (const e of entries) {
    const parts = e.path.split("/");
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const path = node.path ? `${node.path}/${part}` : part;
      const child = node.dirs.get(part) ?? { name: part, path, dirs: new Map(), files: [], changed: false };
      node.dirs.set(part, child);
      node = child;
      if (e.change) node.changed = true;
    }
    node.files.push(e);
  }
  return root;
}

function Dir({
  node,
  depth,
  expanded,
  toggle,
  selected,
  onOpen,
}: {
  node: DirNode;
  depth: number;
  expanded: Set<string>;
  toggle: (p: string) => void;
  selected: string | null;
  onOpen: (p: string) => void;
}) {
  const dirs = [...node.dirs.values()].sort((a, b) => a.name.localeCompare(b.name));
  const files = [...node.files].sort((a, b) => a.path.localeCompare(b.path));
  return (
    <ul className={depth ? "ml-3 border-l border-slate-100 pl-1" : ""}>
      {dirs.map((d) => (
        <li key={d.path}>
          <button type="button" onClick={() => toggle(d.path)} className="w-full truncate text-left hover:bg-slate-50">
            <span className="text-slate-500">{expanded.has(d.path) ? "▾" : "▸"}</span> {d.name}/
            {d.changed && <span className="ml-1 text-amber-600">●</span>}
          </button>
          {expanded.has(d.path) && (
            <Dir node={d} depth={depth + 1} expanded={expanded} toggle={toggle} selected={selected} onOpen={onOpen} />
          )}
        </li>
      ))}
      {files.map((f) => (
        <li key={f.path}>
          <button
            type="button"
            onClick={() => onOpen(f.path)}
            data-testid="repo-tree-file"
            data-path={f.path}
            className={`w-full truncate text-left hover:bg-slate-50 ${selected === f.path ? "bg-indigo-50 text-indigo-800" : ""}`}
          >
            {f.path.split("/").pop()}
            {f.change && <span className="ml-1 rounded bg-amber-100 px-1 text-[10px] text-amber-800">{CHANGE_BADGE[f.change]}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}

function CodeView({ file, targetLine }: { file: FileResult; targetLine: number | null }) {
  const lines = useMemo(() => (file.kind === "text" ? file.text.replace(/\n$/, "").split("\n") : []), [file]);
  const lang = file.kind === "text" ? languageFor(file.path) : undefined;
  const html = useMemo(() => (lines.length <= HIGHLIGHT_LINE_LIMIT ? lines.map((l) => highlightLine(l, lang)) : null), [lines, lang]);
  useEffect(() => {
    if (targetLine) document.getElementById(`repo-line-${targetLine}`)?.scrollIntoView({ block: "center" });
  }, [targetLine, file]);
  if (file.kind === "binary")
    return <p className="p-3 text-sm text-slate-500">Binary file ({file.size.toLocaleString("en-US")} bytes): not shown.</p>;
  if (file.kind === "too-large")
    return <p className="p-3 text-sm text-slate-500">Too large to show ({file.size.toLocaleString("en-US")} bytes).</p>;
  if (file.kind !== "text")
    return (
      <p className="p-3 text-sm text-slate-500">
        {file.kind === "missing" ? "This file does not exist in this version." : `This is a ${file.kind}.`}
      </p>
    );
  return (
    <div className="max-h-[36rem] overflow-auto">
      <table className="w-full border-collapse font-mono text-xs" data-testid="repo-file-view">
        <tbody>
          {lines.map((line, i) => (
            <tr key={i} id={`repo-line-${i + 1}`} className={targetLine === i + 1 ? "bg-amber-100" : ""}>
              <td className="w-12 select-none px-2 text-right align-top text-slate-500">{i + 1}</td>
              {html ? (
                <td className="whitespace-pre-wrap break-all pr-3" dangerouslySetInnerHTML={{ __html: html[i] }} />
              ) : (
                <td className="whitespace-pre-wrap break-all pr-3">{line}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** initialPath/initialLine: the commented file and line at the base commit, shown when the browser opens. */
export function RepoBrowser({
  instanceId,
  baseSha,
  initialPath,
  initialLine = null,
  initialVersion = "base",
}: {
  instanceId: string;
  baseSha: string;
  initialPath: string | null;
  initialLine?: number | null;
  initialVersion?: RepoVersion;
}) {
  const [open, setOpen] = useState(false);
  const [version, setVersion] = useState<RepoVersion>(initialVersion);
  const [selected, setSelected] = useState<string | null>(initialPath);
  const [targetLine, setTargetLine] = useState<number | null>(initialLine);
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState("");
  const [ignoreCase, setIgnoreCase] = useState(false);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());

  const tree = useQuery({
    queryKey: instanceKeys.repoTree(instanceId, version),
    queryFn: () => apiFetch<{ entries: TreeEntry[]; truncated: boolean }>(`/api/instances/${instanceId}/repo/tree?version=${version}`),
    enabled: open,
    staleTime: Infinity,
  });
  const file = useQuery({
    queryKey: instanceKeys.repoFile(instanceId, version, selected ?? ""),
    queryFn: () =>
      apiFetch<FileResult>(`/api/instances/${instanceId}/repo/file?version=${version}&path=${encodeURIComponent(selected ?? "")}`),
    enabled: open && !!selected,
    staleTime: Infinity,
  });
  const search = useQuery({
    queryKey: instanceKeys.repoSearch(instanceId, version, query, ignoreCase),
    queryFn: () =>
      apiFetch<{ matches: SearchMatch[]; truncated: boolean }>(
        `/api/instances/${instanceId}/repo/search?version=${version}&ignoreCase=${ignoreCase ? 1 : 0}&q=${encodeURIComponent(query)}`,
      ),
    enabled: open && query.length >= 2,
    staleTime: Infinity,
  });
  const root = useMemo(() => buildTree(tree.data?.entries ?? []), [tree.data]);

  // open the folders leading to the selected file and those the patch touches
  useEffect(() => {
    if (!tree.data) return;
    setExpanded((prev) => {
      const next = new Set(prev);
      const addParents = (p: string) => {
        const parts = p.split("/").slice(0, -1);
        for (let i = 0; i < parts.length; i++) next.add(parts.slice(0, i + 1).join("/"));
      };
      if (selected) addParents(selected);
      for (const e of tree.data.entries) if (e.change) addParents(e.path);
      return next;
    });
  }, [tree.data, selected]);

  const toggle = (p: string) =>
    setExpanded((s) => {
      const n = new Set(s);
      if (n.has(p)) n.delete(p);
      else n.add(p);
      return n;
    });
  const openFile = (path: string, line: number | null = null) => {
    setSelected(path);
    setTargetLine(line);
  };

  if (!open) {
    return (
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex items-center justify-between">
          <h2 className="text-xs font-semibold uppercase text-slate-500">Repository</h2>
          <button
            type="button"
            onClick={() => setOpen(true)}
            data-testid="open-repo-browser"
            className="rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50"
          >
            Browse at base {baseSha.slice(0, 7)}
          </button>
        </div>
        <p className="mt-2 text-xs text-slate-500">
          File tree, files and code search at the PR&apos;s base commit, or with the patch applied.
        </p>
      </section>
    );
  }

  const grouped = new Map<string, SearchMatch[]>();
  for (const m of search.data?.matches ?? []) grouped.set(m.path, [...(grouped.get(m.path) ?? []), m]);

  return (
    <section className="rounded-lg border border-slate-200 bg-white" data-testid="repo-browser">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-2">
        <h2 className="text-xs font-semibold uppercase text-slate-500">Repository</h2>
        <div role="radiogroup" aria-label="Version" className="flex overflow-hidden rounded-md border border-slate-300 text-xs">
          {(["base", "patched"] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="radio"
              aria-checked={version === v}
              onClick={() => setVersion(v)}
              data-testid={`repo-version-${v}`}
              className={`px-2 py-1 ${version === v ? "bg-indigo-600 text-white" : "bg-white hover:bg-slate-50"}`}
            >
              {v === "base" ? `Base ${baseSha.slice(0, 7)}` : "Patched (base + patch)"}
            </button>
          ))}
        </div>
        <form
          className="ml-auto flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery(draft.trim());
          }}
        >
          <input
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Search code (fixed string)"
            aria-label="Search code"
            data-testid="repo-search-input"
            className="w-56 rounded-md border border-slate-300 px-2 py-1 text-xs"
          />
          <label className="flex items-center gap-1 text-xs text-slate-600">
            <input type="checkbox" checked={ignoreCase} onChange={(e) => setIgnoreCase(e.target.checked)} /> Aa
          </label>
          <button type="submit" className="rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50">
            Search
          </button>
        </form>
      </div>
      {tree.error ? (
        <p className="p-4 text-sm text-rose-700" role="alert" data-testid="repo-error">
          {tree.error.message}
        </p>
      ) : (
        <div className="grid min-h-64 grid-cols-[16rem_minmax(0,1fr)]">
          <div className="max-h-[36rem] overflow-auto border-r border-slate-100 p-2 font-mono text-xs" data-testid="repo-tree">
            {tree.isPending ? (
              <p className="text-slate-500">Loading the tree…</p>
            ) : (
              <Dir node={root} depth={0} expanded={expanded} toggle={toggle} selected={selected} onOpen={(p) => openFile(p)} />
            )}
            {tree.data?.truncated && <p className="mt-2 text-amber-700">Tree truncated: very large repository.</p>}
          </div>
          <div className="min-w-0">
            {query.length >= 2 && (
              <div className="max-h-64 overflow-auto border-b border-slate-100 p-3 text-xs" data-testid="repo-search-results">
                <div className="mb-1 flex justify-between text-slate-500">
                  <span>
                    {search.isPending
                      ? "Searching…"
                      : `${search.data?.matches.length ?? 0} match(es) for “${query}” in the ${version} version${search.data?.truncated ? " (first results only)" : ""}`}
                  </span>
                  <button
                    type="button"
                    onClick={() => {
                      setQuery("");
                      setDraft("");
                    }}
                    className="text-indigo-700"
                  >
                    clear
                  </button>
                </div>
                {search.error && (
                  <p className="text-rose-700" role="alert">
                    {search.error.message}
                  </p>
                )}
                {[...grouped].map(([path, matches]) => (
                  <div key={path} className="mb-2">
                    <p className="font-mono font-semibold">{path}</p>
                    {matches.map((m) => (
                      <button
                        key={m.line}
                        type="button"
                        onClick={() => openFile(m.path, m.line)}
                        data-testid="repo-search-match"
                        className="block w-full truncate text-left font-mono hover:bg-slate-50"
                      >
                        <span className="mr-2 text-slate-500">{m.line}</span>
                        <BidiText text={m.text} />
                      </button>
                    ))}
                  </div>
                ))}
              </div>
            )}
            {selected ? (
              <>
                <p className="border-b border-slate-100 px-3 py-1 font-mono text-xs text-slate-600" data-testid="repo-file-path">
                  {selected}{" "}
                  <span className="text-slate-500">
                    · {version}
                    {file.data && "source" in file.data && file.data.source === "head"
                      ? " (read from the head commit: the patch does not apply)"
                      : ""}
                  </span>
                </p>
                {file.isPending && <p className="p-3 text-xs text-slate-500">Loading…</p>}
                {file.error && (
                  <p className="p-3 text-xs text-rose-700" role="alert">
                    {file.error.message}
                  </p>
                )}
                {file.data && <CodeView file={file.data} targetLine={targetLine} />}
              </>
            ) : (
              <p className="p-4 text-sm text-slate-500">Choose a file in the tree, or search.</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
