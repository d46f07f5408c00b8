"use client";
// The patch under review in two versions (issue #12): the instance's snapshot (the PR as it stood when
// the comment was written) and the PR's final diff, with the comment anchored in each where it can be
// placed exactly, and a note saying why when it cannot.
import { useState } from "react";
import { PatchView, type PatchViewFile } from "@/app/_components/patch-view";

export interface PatchVersion {
  key: "snapshot" | "final";
  label: string;
  files: PatchViewFile[];
  anchor: { fileIndex: number; hunkIndex: number; lineIndex: number } | null;
  /** why the comment has no line in this version; null when placed or not a line comment */
  unplaced: string | null;
}

export function PatchVersions({ versions }: { versions: PatchVersion[] }) {
  const [shown, setShown] = useState(0);
  const version = versions[shown] ?? versions[0];
  if (!version) return null;
  return (
    <div data-testid="patch-versions" data-version={version.key}>
      {versions.length > 1 && (
        <div className="mb-2 inline-flex rounded border border-slate-300 text-xs" role="group" aria-label="Patch version">
          {versions.map((v, i) => (
            <button
              key={v.key}
              type="button"
              onClick={() => setShown(i)}
              aria-pressed={i === shown}
              data-testid={`patch-version-${v.key}`}
              className={`px-2 py-1 ${i === shown ? "bg-slate-800 text-white" : "bg-white text-slate-700 hover:bg-slate-100"}`}
            >
              {v.label}
            </button>
          ))}
        </div>
      )}
      {version.unplaced && (
        <p className="mb-2 rounded bg-amber-50 px-2 py-1 text-xs text-amber-800" data-testid="anchor-not-placeable">
          The comment cannot be placed exactly in this patch: {version.unplaced}. Its own hunk is shown with the comment.
        </p>
      )}
      <PatchView key={version.key} files={version.files} anchor={version.anchor} />
    </div>
  );
}
