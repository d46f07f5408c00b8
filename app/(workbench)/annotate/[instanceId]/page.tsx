import { notFound } from "next/navigation";
import { Markdown } from "@/app/_components/markdown";
import { PatchView } from "@/app/_components/patch-view";
import { requirePageRole } from "@/lib/auth/current-user";
import { anchorComment, parsePatch } from "@/lib/annotate/parse-patch";
import { loadInstanceView } from "@/lib/annotate/instance-view";
import { getPrisma } from "@/lib/db/server";

export default async function InstancePage({ params }: { params: Promise<{ instanceId: string }> }) {
  const user = await requirePageRole("annotator", "adjudicator", "admin");
  const { instanceId } = await params;
  const prisma = await getPrisma();
  const view = await loadInstanceView(prisma, instanceId, user);
  if (!view) notFound();
  // An annotator opens only what is assigned to them (or what they already labelled).
  if (!user.roles.some((r) => r === "admin" || r === "adjudicator")) {
    const assigned = await prisma.assignment.count({ where: { instanceId, annotatorId: user.id } });
    if (!assigned) notFound();
  }
  const files = parsePatch(view.pullRequest.patch);
  const anchor = anchorComment(files, view.comment.path, view.comment.diffHunk);
  const pr = view.pullRequest;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="space-y-5">
        <header>
          <p className="font-mono text-xs text-slate-500">{pr.repo} · #{pr.number} · base {pr.baseSha.slice(0, 7)} · {pr.filesEdited} files · {pr.linesEdited} lines</p>
          <h1 className="text-xl font-semibold" data-testid="pr-title">{pr.title}</h1>
        </header>
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="mb-2 text-xs font-semibold uppercase text-slate-500">Description</h2>
          <Markdown text={pr.body} />
          {pr.linkedIssues.map((i) => (
            <div key={i.number} className="mt-3 rounded-md bg-slate-50 p-3">
              <p className="text-sm font-medium">Linked issue #{i.number}: {i.title}</p>
              <Markdown text={i.body} />
            </div>
          ))}
        </section>
        <section>
          <h2 className="mb-2 text-xs font-semibold uppercase text-slate-500">Patch under review</h2>
          <PatchView files={files} anchor={anchor} />
        </section>
      </div>
      <aside className="space-y-4 lg:sticky lg:top-4 lg:self-start">
        <section className="rounded-lg border-2 border-amber-300 bg-white p-4" data-testid="target-comment">
          <h2 className="mb-1 text-xs font-semibold uppercase text-amber-700">Comment to judge</h2>
          <p className="mb-2 font-mono text-xs text-slate-500">
            {view.comment.kind}{view.comment.path ? ` on ${view.comment.path}` : " (PR-level)"}
          </p>
          <Markdown text={view.comment.body} />
        </section>
        {view.ownLabel && (
          <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
            <h2 className="text-xs font-semibold uppercase text-slate-500">Your label</h2>
            <p className="mt-1 font-medium">{view.ownLabel.value}</p>
            <p className="text-slate-600">{view.ownLabel.rationale}</p>
          </section>
        )}
        {view.otherLabels.length > 0 && (
          <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="other-labels">
            <h2 className="text-xs font-semibold uppercase text-slate-500">Annotators&apos; labels</h2>
            {view.otherLabels.map((l) => (
              <p key={l.annotator} className="mt-1"><span className="font-mono">{l.annotator}</span>: {l.value} · {l.rationale}</p>
            ))}
          </section>
        )}
      </aside>
    </div>
  );
}
