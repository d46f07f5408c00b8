import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/current-user";
import { hasRole } from "@/lib/auth/roles";
import { getPrisma } from "@/lib/db/server";
import { auditItemRows, auditSampleSummaries } from "@/lib/screen/audit-sample-view";
import type { AuditItemStatus } from "@/lib/screen/review-audit-item";
import { ErrorRate } from "../../_components/audit-panel";
import { BidiText } from "@/app/_components/bidi-text";

const STATUS: Record<AuditItemStatus, { label: string; style: string }> = {
  awaiting_reviews: { label: "awaiting reviews", style: "bg-slate-100 text-slate-700" },
  agreed: { label: "agreed", style: "bg-emerald-100 text-emerald-800" },
  needs_adjudication: { label: "needs a third expert", style: "bg-amber-100 text-amber-800" },
  adjudicated: { label: "adjudicated", style: "bg-sky-100 text-sky-800" },
};

export default async function AuditSamplePage({ params }: { params: Promise<{ sampleId: string }> }) {
  const user = await requirePageRole("annotator", "adjudicator", "admin");
  const { sampleId } = await params;
  const prisma = await getPrisma();
  const [summary] = await auditSampleSummaries(prisma, [sampleId]);
  if (!summary) notFound();
  const rows = await auditItemRows(prisma, sampleId, user.id);
  const mayAdjudicate = hasRole(user, "adjudicator", "admin");
  return (
    <div className="space-y-4">
      {hasRole(user, "admin") && (
        <Link href="/screen" className="text-sm text-indigo-700 hover:underline">
          ← Screening
        </Link>
      )}
      <header>
        <h1 className="text-2xl font-semibold">Audit sample · {summary.filterKey}</h1>
        <p className="text-sm text-slate-600">
          {summary.size.toLocaleString("en-US")} of {summary.population.toLocaleString("en-US")} LLM decisions drawn with seed{" "}
          {summary.seed} ({Math.round(summary.confidence * 100)}% confidence, ±{Math.round(summary.margin * 1000) / 10}% margin,
          finite-population corrected). Review each decision without looking at anyone else&apos;s review: they appear once you have
          submitted yours.
        </p>
      </header>
      <section className="grid gap-3 sm:grid-cols-3" data-testid="audit-summary">
        <div className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
          <p className="text-xs uppercase text-slate-500">Progress</p>
          <p>
            {summary.status.agreed + summary.status.adjudicated} settled · {summary.status.needs_adjudication} to adjudicate ·{" "}
            {summary.status.awaiting_reviews} awaiting
          </p>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
          <p className="text-xs uppercase text-slate-500">Expert agreement</p>
          <p data-testid="audit-agreement">
            {summary.agreement.rawAgreement === null ? "–" : `${(summary.agreement.rawAgreement * 100).toFixed(1)}%`}
            <span className="text-slate-500">
              {" "}
              ({summary.agreement.agreed} of {summary.agreement.reviewed} double-reviewed)
            </span>
          </p>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
          <p className="text-xs uppercase text-slate-500">LLM error rate</p>
          <p data-testid="audit-error-rate">
            <ErrorRate sample={summary} />
          </p>
        </div>
      </section>
      <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm" data-testid="audit-items">
        <thead className="bg-slate-50 text-left text-slate-500">
          <tr>
            <th className="px-3 py-2">#</th>
            <th className="px-3 py-2">Item</th>
            <th className="px-3 py-2">LLM said</th>
            <th className="px-3 py-2">Status</th>
            <th className="px-3 py-2"></th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.id} className="border-t border-slate-100">
              <td className="px-3 py-2 font-mono text-xs text-slate-500">{i + 1}</td>
              <td className="max-w-xl truncate px-3 py-2">
                <BidiText text={row.summary} />
              </td>
              <td className="px-3 py-2 text-xs">{row.verdict ?? "–"}</td>
              <td className="px-3 py-2">
                <span className={`rounded px-1.5 py-0.5 text-xs ${STATUS[row.status].style}`}>{STATUS[row.status].label}</span>
              </td>
              <td className="px-3 py-2 text-right">
                <Link
                  href={`/screen/audit/${sampleId}/${row.id}`}
                  className="text-indigo-700 hover:underline"
                  data-testid="audit-item-link"
                >
                  {row.reviewedByMe
                    ? "View"
                    : row.reviews < 2
                      ? "Review"
                      : mayAdjudicate && row.status === "needs_adjudication"
                        ? "Adjudicate"
                        : "View"}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
