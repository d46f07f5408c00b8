import Link from "next/link";
import { notFound } from "next/navigation";
import { Markdown } from "@/app/_components/markdown";
import { requirePageRole } from "@/lib/auth/current-user";
import { hasRole } from "@/lib/auth/roles";
import { getPrisma } from "@/lib/db/server";
import { auditItemView } from "@/lib/screen/audit-sample-view";
import { AuditReviewForm } from "./audit-review-form";
import { BidiText } from "@/app/_components/bidi-text";

export default async function AuditItemPage({ params }: { params: Promise<{ sampleId: string; itemId: string }> }) {
  const user = await requirePageRole("annotator", "adjudicator", "admin");
  const { sampleId, itemId } = await params;
  const view = await auditItemView(await getPrisma(), itemId, { id: user.id, mayAdjudicate: hasRole(user, "adjudicator", "admin") });
  if (!view || view.sampleId !== sampleId) notFound();
  const d = view.decision;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="space-y-4">
        <Link href={`/screen/audit/${sampleId}`} className="text-sm text-indigo-700 hover:underline">
          ← Audit sample
        </Link>
        {!d ? (
          <p role="alert" className="text-sm text-rose-700">
            This decision was replaced by a later screening run, so it can no longer be audited.
          </p>
        ) : d.subject.kind === "pull_request" ? (
          <section className="rounded-lg border border-slate-200 bg-white p-4">
            <p className="font-mono text-xs text-slate-500">
              {d.subject.repository}#{d.subject.number}
            </p>
            <h1 className="text-xl font-semibold">
              <BidiText text={d.subject.title} />
            </h1>
            <div className="mt-3">
              <Markdown text={d.subject.body || "(empty description)"} />
            </div>
          </section>
        ) : (
          <section className="space-y-3">
            <p className="font-mono text-xs text-slate-500">
              {d.subject.repository}#{d.subject.number} · <BidiText text={d.subject.title} />
            </p>
            <div className="rounded-lg border-2 border-amber-300 bg-white p-4">
              <p className="mb-2 font-mono text-xs text-slate-500">
                {d.subject.author ?? "ghost"} · {d.subject.location}
              </p>
              <Markdown text={d.subject.comment} />
            </div>
            <Link href={`/annotate/${d.subject.instanceId}`} className="text-sm text-indigo-700 hover:underline">
              Open the full PR context →
            </Link>
          </section>
        )}
      </div>
      <aside className="space-y-4">
        {d && (
          <section className="rounded-lg border border-violet-200 bg-white p-4 text-sm" data-testid="audited-decision">
            <h2 className="text-xs font-semibold uppercase text-violet-700">LLM decision under audit</h2>
            <p className="mt-1 text-base font-semibold">
              {d.verdict === "keep" ? "Keep" : "Drop"}
              {d.category ? ` · ${d.category}` : ""}
            </p>
            <p className="mt-1 text-slate-700">
              <BidiText text={d.rationale} />
            </p>
            <p className="mt-2 font-mono text-xs text-slate-500">
              {d.model ?? "manual"} · {d.promptVersion}
            </p>
          </section>
        )}
        {view.myReview && (
          <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
            <h2 className="text-xs font-semibold uppercase text-slate-500">Your review</h2>
            <p className="mt-1 font-medium">
              {view.myReview.llmCorrect ? "The LLM applied the criteria correctly" : "The LLM got this wrong"}
            </p>
            {view.myReview.note && (
              <p className="text-slate-600">
                <BidiText text={view.myReview.note} />
              </p>
            )}
          </section>
        )}
        {view.otherReviews ? (
          view.otherReviews.length > 0 && (
            <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="other-reviews">
              <h2 className="text-xs font-semibold uppercase text-slate-500">Other reviews</h2>
              {view.otherReviews.map((r) => (
                <p key={r.reviewer} className="mt-1">
                  <span className="font-medium">{r.reviewer}:</span> {r.llmCorrect ? "correct" : "wrong"}
                  {r.note ? (
                    <>
                      {" "}
                      — <BidiText text={r.note} />
                    </>
                  ) : (
                    ""
                  )}
                </p>
              ))}
            </section>
          )
        ) : (
          <p className="text-xs text-slate-500" data-testid="reviews-hidden">
            Other reviews stay hidden until you submit yours.
          </p>
        )}
        {view.status === "adjudicated" && <p className="text-sm text-sky-800">Settled by a third expert.</p>}
        {view.status === "agreed" && <p className="text-sm text-emerald-800">Settled: both experts agree.</p>}
        {view.canReview && <AuditReviewForm itemId={view.id} intent="review" />}
        {view.canAdjudicate && <AuditReviewForm itemId={view.id} intent="adjudicate" />}
      </aside>
    </div>
  );
}
