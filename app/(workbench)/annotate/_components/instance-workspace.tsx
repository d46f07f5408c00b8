// The instance as annotators and adjudicators work on it: PR text and linked issues, the whole
// patch with the commented line marked, the repository browser, the timeline (hidden until
// labelled), and beside them the comment to judge and a panel (label or adjudication).
import type { ReactNode } from "react";
import { Markdown } from "@/app/_components/markdown";
import type { InstanceView } from "@/lib/annotate/instance-view";
import { parsePatch } from "@/lib/annotate/parse-patch";
import { splitPatchByFile } from "@/lib/annotate/patch-chunks";
import { placeComment, type CommentPlacement } from "@/lib/patch/anchor-comment";
import { PatchVersions, type PatchVersion } from "./patch-versions";
import { Guidelines } from "./guidelines";
import { JumpToHunkButton } from "./jump-to-hunk-button";
import { RepoBrowser } from "./repo-browser";
import { TimelineReveal } from "./timeline-reveal";
import { BidiText } from "@/app/_components/bidi-text";

const KIND: Record<string, string> = { inline: "Inline comment", inline_reply: "Reply", pr_comment: "PR comment", review: "Review" };

export function InstanceWorkspace({ view, aside, headerExtra }: { view: InstanceView; aside: ReactNode; headerExtra?: ReactNode }) {
  const pr = view.pullRequest;
  const judged = view.judged;
  const parsed = parsePatch(judged.patch);
  const onFile = view.comment.position.path !== null;
  const placement: CommentPlacement | null = onFile ? placeComment(parsed, view.comment.position, judged.commit) : null;
  const anchor = placement?.placed ? placement : null;
  const anchoredLine = anchor ? (parsed[anchor.fileIndex]?.hunks[anchor.hunkIndex]?.lines[anchor.lineIndex] ?? null) : null;
  // a comment on a file the PR creates: there is nothing to see at the base, so open the patched version
  const commentedFileIsNew = anchor ? (parsed[anchor.fileIndex]?.hunks.every((h) => h.oldStart === 0 && h.oldCount === 0) ?? false) : false;
  const versions: PatchVersion[] = [
    {
      key: judged.source,
      label: judged.source === "snapshot" ? `As commented${judged.commit ? ` (${judged.commit.slice(0, 7)})` : ""}` : "Final diff",
      files: splitPatchByFile(judged.patch),
      anchor,
      unplaced: placement && !placement.placed ? placement.reason : null,
    },
  ];
  if (judged.differsFromFinal) {
    const finalPlacement = onFile ? placeComment(parsePatch(pr.patch), view.comment.position, pr.headSha) : null;
    versions.push({
      key: "final",
      label: "Final diff",
      files: splitPatchByFile(pr.patch),
      anchor: finalPlacement?.placed ? finalPlacement : null,
      unplaced: finalPlacement && !finalPlacement.placed ? finalPlacement.reason : null,
    });
  }
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_26rem]" data-testid="instance-workspace">
      <div className="min-w-0 space-y-5">
        <header>
          <p className="font-mono text-xs text-slate-500">
            {pr.repo} · #{pr.number} · base {pr.baseSha.slice(0, 7)} · {pr.filesEdited} files · {pr.linesEdited} lines
            {pr.language ? ` · ${pr.language}` : ""}
          </p>
          <h1 className="text-xl font-semibold" data-testid="pr-title">
            <BidiText text={pr.title} />
          </h1>
          {headerExtra}
        </header>
        <details open className="rounded-lg border border-slate-200 bg-white p-4">
          <summary className="cursor-pointer text-xs font-semibold uppercase text-slate-500">
            Description{pr.linkedIssues.length ? ` and ${pr.linkedIssues.length} linked issue${pr.linkedIssues.length > 1 ? "s" : ""}` : ""}
          </summary>
          <div className="mt-2">
            <Markdown text={pr.body || "_(no description)_"} />
          </div>
          {pr.linkedIssues.map((i) => (
            <div key={i.number} className="mt-3 rounded-md bg-slate-50 p-3" data-testid="linked-issue">
              <p className="text-sm font-medium">
                Linked issue #{i.number}: <BidiText text={i.title} />
              </p>
              <Markdown text={i.body} />
            </div>
          ))}
        </details>
        <section>
          <h2 className="mb-2 text-xs font-semibold uppercase text-slate-500">Patch under review</h2>
          {judged.notice && (
            <p
              data-testid="snapshot-notice"
              data-tone={judged.notice.tone}
              className={`mb-2 rounded px-2 py-1 text-xs ${judged.notice.tone === "warning" ? "bg-amber-50 text-amber-900" : "bg-sky-50 text-sky-900"}`}
            >
              {judged.notice.text}
            </p>
          )}
          <PatchVersions versions={versions} />
        </section>
        <RepoBrowser
          instanceId={view.id}
          baseSha={pr.baseSha}
          initialPath={view.comment.path}
          initialLine={commentedFileIsNew ? (anchoredLine?.newNo ?? null) : (anchoredLine?.oldNo ?? null)}
          initialVersion={commentedFileIsNew ? "patched" : "base"}
        />
        <TimelineReveal instanceId={view.id} lead={view.perspective === "lead"} />
      </div>
      <aside className="space-y-4 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto">
        <section className="rounded-lg border-2 border-amber-300 bg-white p-4" data-testid="target-comment">
          <div className="mb-1 flex items-center justify-between gap-2">
            <h2 className="text-xs font-semibold uppercase text-amber-700">Comment to judge</h2>
            {anchor && <JumpToHunkButton />}
          </div>
          <p className="mb-2 font-mono text-xs text-slate-500">
            {KIND[view.comment.kind] ?? view.comment.kind}
            {view.comment.path ? ` on ${view.comment.path}` : " (PR-level, no file)"}
            {view.comment.author ? ` · ${view.comment.author}` : ""}
          </p>
          {placement && !placement.placed && (
            <p className="mb-2 rounded bg-amber-50 px-2 py-1 text-xs text-amber-800" data-testid="comment-not-placeable">
              Not placed in the patch ({placement.reason}): judge it against its own hunk below.
            </p>
          )}
          <Markdown text={view.comment.body} suggestionBase={anchoredLine?.kind === "del" ? undefined : anchoredLine?.text} />
          {placement && !placement.placed && placement.hunk && (
            <pre className="mt-2 overflow-x-auto rounded bg-slate-50 p-2 font-mono text-xs" data-testid="comment-own-hunk">
              <BidiText text={placement.hunk} />
            </pre>
          )}
        </section>
        {aside}
        <Guidelines />
      </aside>
    </div>
  );
}
