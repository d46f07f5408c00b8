import Link from "next/link";
import { notFound } from "next/navigation";
import { Markdown } from "@/app/_components/markdown";
import { PatchView } from "@/app/_components/patch-view";
import { anchorComment, parsePatch } from "@/lib/annotate/parse-patch";
import { splitPatchByFile } from "@/lib/annotate/patch-chunks";
import { requirePageRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { nextPendingPerturbation } from "@/lib/perturb/blind-verification";
import { loadPerturbationReview } from "@/lib/perturb/load-perturbation-review";
import { parentsWithKnownLabel } from "@/lib/perturb/parent-label-visibility";
import { wordDiff } from "@/lib/perturb/word-diff";
import { HunkView, KindBadge, StatusBadge, WordDiffView } from "../word-diff-view";
import { VerifyPanel } from "./verify-panel";
import { BidiText } from "@/app/_components/bidi-text";

const fmt = (d: Date) => d.toISOString().replace("T", " ").slice(0, 16);

export default async function VerifyPerturbationPage({ params }: { params: Promise<{ instanceId: string }> }) {
  const user = await requirePageRole("admin", "adjudicator", "annotator");
  const { instanceId } = await params;
  const prisma = await getPrisma();
  const review = await loadPerturbationReview(prisma, instanceId, user.id);
  if (!review) notFound();
  const nextPendingId = await nextPendingPerturbation(prisma, { viewerId: user.id, afterId: review.id });
  const knowsParentLabel = review.parentId !== null && (await parentsWithKnownLabel(prisma, user, [review.parentId])).has(review.parentId);
  const pr = review.pullRequest;
  const files = splitPatchByFile(pr.patch);
  const anchor = anchorComment(parsePatch(pr.patch), review.perturbed.path, review.perturbed.diffHunk);
  const location = review.kind === "location";
  const bodyDiff = wordDiff(review.original.body, review.perturbed.body);
  return (
    <div className="space-y-6">
      <nav className="flex justify-between text-sm">
        <Link href="/perturb" className="text-indigo-700 hover:underline">
          ← Verification queue
        </Link>
        {nextPendingId ? (
          <Link href={`/perturb/${nextPendingId}`} className="text-indigo-700 hover:underline" data-testid="next-pending">
            Next pending →
          </Link>
        ) : (
          <span className="text-slate-600" data-testid="no-next-pending">
            Nothing else is waiting for your vote.
          </span>
        )}
      </nav>
      <header className="space-y-1">
        <p className="font-mono text-xs text-slate-500">
          {review.repo} · #{review.pullNumber} · base {pr.baseSha.slice(0, 7)} · created by {review.createdBy ?? "unknown"}
        </p>
        <h1 className="text-xl font-semibold">
          <BidiText text={pr.title} />
        </h1>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <KindBadge kind={review.kind} />
          <StatusBadge status={review.verification} />
          <span className="font-medium" data-testid="verification-progress">
            {review.accepted === null
              ? `Votes hidden until you vote (${review.required} must accept)`
              : `${review.accepted} of ${review.required} verifiers accepted`}
          </span>
        </div>
      </header>

      <section className="grid gap-4 lg:grid-cols-2" data-testid="side-by-side">
        <div className="rounded-lg border-2 border-emerald-300 bg-white p-4" data-testid="original-side">
          <h2 className="mb-1 text-xs font-semibold uppercase text-emerald-700" data-testid="original-heading">
            {/* an annotator who labelled the parent never sees its final label, whatever other roles they hold */}
            {knowsParentLabel ? "Original · confirmed trustworthy" : "Original comment"}
          </h2>
          <p className="mb-2 font-mono text-xs text-slate-500">
            {review.commentKind} by {review.commentAuthor ?? "(deleted account)"}
            {review.original.path ? ` on ${review.original.path}` : " (PR-level)"}
          </p>
          {location ? <Markdown text={review.original.body} /> : <WordDiffView segments={bodyDiff.filter((s) => s.kind !== "added")} />}
          {location && (
            <div className="mt-3">
              <HunkView hunk={review.original.diffHunk} testId="original-hunk" />
            </div>
          )}
        </div>
        <div className="rounded-lg border-2 border-rose-300 bg-white p-4" data-testid="perturbed-side">
          <h2 className="mb-1 text-xs font-semibold uppercase text-rose-700">Perturbed · is it technically incorrect now?</h2>
          <p className="mb-2 font-mono text-xs text-slate-500">
            {location ? (
              <>
                moved to{" "}
                <ins className="bg-emerald-100 text-emerald-900 no-underline" data-testid="perturbed-path">
                  {review.perturbed.path}
                </ins>
              </>
            ) : review.perturbed.path ? (
              `on ${review.perturbed.path}`
            ) : (
              "(PR-level)"
            )}
          </p>
          {location ? <Markdown text={review.perturbed.body} /> : <WordDiffView segments={bodyDiff.filter((s) => s.kind !== "removed")} />}
          {location && (
            <div className="mt-3">
              <HunkView hunk={review.perturbed.diffHunk} testId="perturbed-hunk" />
            </div>
          )}
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-4">
          <section className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="mb-2 text-xs font-semibold uppercase text-slate-500">Pull request description</h2>
            <Markdown text={pr.body} />
            {pr.linkedIssues.map((i) => (
              <div key={i.number} className="mt-3 rounded-md bg-slate-50 p-3">
                <p className="text-sm font-medium">
                  Linked issue #{i.number}: <BidiText text={i.title} />
                </p>
                <Markdown text={i.body} />
              </div>
            ))}
          </section>
          {/* open: a verdict on a technical claim is made against the code */}
          <details className="rounded-lg border border-slate-200 bg-white p-4" open data-testid="verification-patch">
            <summary className="cursor-pointer text-xs font-semibold uppercase text-slate-500">
              Patch under review (the perturbed comment&apos;s line is marked)
            </summary>
            <div className="mt-3">
              <PatchView files={files} anchor={anchor} />
            </div>
          </details>
        </div>
        <aside className="space-y-4 lg:sticky lg:top-4 lg:self-start">
          <VerifyPanel
            instanceId={review.id}
            kind={review.kind}
            status={review.verification}
            viewerDecision={review.viewerDecision}
            viewerIsCreator={review.viewerIsCreator}
            original={review.original}
            perturbed={review.perturbed}
          />
          <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="verifications">
            <h2 className="mb-2 text-xs font-semibold uppercase text-slate-500">Verifications on the current text</h2>
            {review.votesHidden ? (
              <p className="text-slate-600" data-testid="votes-hidden">
                Hidden until you vote: each expert judges the text on their own.
              </p>
            ) : review.verifications.length === 0 ? (
              <p className="text-slate-600">None yet.</p>
            ) : (
              <ul className="space-y-2">
                {review.verifications.map((v) => (
                  <li key={v.login}>
                    <span className="font-mono">{v.login}</span>{" "}
                    <span className={v.decision === "accepted" ? "text-emerald-700" : "text-rose-700"}>{v.decision}</span>
                    {v.note && (
                      <span className="text-slate-600">
                        {" "}
                        · <BidiText text={v.note} />
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="rounded-lg border border-slate-200 bg-white p-4 text-xs text-slate-600">
            <h2 className="mb-2 font-semibold uppercase text-slate-500">History</h2>
            <ul className="space-y-1">
              {review.history.map((h, i) => (
                <li key={i}>
                  <span className="font-mono">{fmt(h.at)}</span> {h.actor ?? "system"} {h.summary}
                </li>
              ))}
            </ul>
            {review.parentId && knowsParentLabel && (
              <p className="mt-2">
                Parent:{" "}
                <Link href={`/perturb/generate/${review.parentId}`} className="text-indigo-700 hover:underline">
                  other perturbations of this comment
                </Link>
              </p>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}
