import Link from "next/link";
import type { AuditSampleSummary } from "@/lib/screen/audit-sample-view";
import { DEFAULT_AUDIT_SEED } from "@/lib/screen/create-audit-sample";
import { createAuditSampleAction } from "../actions";
import { ActionForm, SubmitButton } from "./action-form";

const pct = (x: number | null | undefined) => (x === null || x === undefined ? "–" : `${(x * 100).toFixed(1)}%`);

export function ErrorRate({ sample }: { sample: AuditSampleSummary }) {
  const e = sample.errorRate;
  if (e.rate === null || e.interval === null) return <span className="text-slate-500">no settled items yet</span>;
  return (
    <span>
      {pct(e.rate)}{" "}
      <span className="text-slate-500">
        ({e.errors}/{e.reviewed}; {Math.round(e.interval.confidence * 100)}% CI {pct(e.interval.lower)}–{pct(e.interval.upper)})
      </span>
    </span>
  );
}

export function AuditPanel({ samples }: { samples: AuditSampleSummary[] }) {
  return (
    <section className="space-y-3">
      <h2 className="text-sm font-semibold uppercase text-slate-500">Audit of LLM decisions</h2>
      <p className="max-w-3xl text-sm text-slate-600">
        Paper §2: a random sample sized for a confidence level and margin of error (95% and 5% on 106,241 PRs gives 383), each decision
        checked independently by two experts; a third settles disagreements.
      </p>
      {samples.length === 0 ? (
        <p className="text-sm text-slate-500" data-testid="no-audit-samples">
          No audit sample yet.
        </p>
      ) : (
        <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm" data-testid="audit-samples">
          <thead className="bg-slate-50 text-left text-slate-500">
            <tr>
              <th className="px-3 py-2">Sample</th>
              <th className="px-3 py-2 text-right">Size / population</th>
              <th className="px-3 py-2">Progress</th>
              <th className="px-3 py-2">Expert agreement</th>
              <th className="px-3 py-2">LLM error rate</th>
            </tr>
          </thead>
          <tbody>
            {samples.map((s) => (
              <tr key={s.id} className="border-t border-slate-100">
                <td className="px-3 py-2">
                  <Link href={`/screen/audit/${s.id}`} className="text-indigo-700 hover:underline">
                    {s.filterKey}
                  </Link>
                  <span className="ml-2 text-xs text-slate-500">
                    seed {s.seed} · {Math.round(s.confidence * 100)}% / ±{Math.round(s.margin * 1000) / 10}%
                  </span>
                </td>
                <td className="px-3 py-2 text-right font-mono">
                  {s.size.toLocaleString("en-US")} / {s.population.toLocaleString("en-US")}
                </td>
                <td className="px-3 py-2 text-xs">
                  {s.status.agreed + s.status.adjudicated} settled · {s.status.needs_adjudication} to adjudicate ·{" "}
                  {s.status.awaiting_reviews} awaiting reviews
                </td>
                <td className="px-3 py-2 text-xs">
                  {pct(s.agreement.rawAgreement)}{" "}
                  <span className="text-slate-500">
                    ({s.agreement.agreed}/{s.agreement.reviewed})
                  </span>
                </td>
                <td className="px-3 py-2 text-xs">
                  <ErrorRate sample={s} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ActionForm action={createAuditSampleAction} testId="create-audit-sample" className="rounded-lg border border-slate-200 bg-white p-3">
        <div className="flex flex-wrap items-end gap-3 text-sm">
          <label className="block">
            <span className="text-slate-600">Decisions of</span>
            <select name="filterKey" className="mt-1 block rounded-md border border-slate-300 px-2 py-1">
              <option value="llm:pr">LLM PR audit</option>
              <option value="llm:comment">LLM comment screen</option>
            </select>
          </label>
          <label className="block">
            <span className="text-slate-600">Confidence</span>
            <input
              name="confidence"
              defaultValue="0.95"
              className="mt-1 block w-20 rounded-md border border-slate-300 px-2 py-1 font-mono"
            />
          </label>
          <label className="block">
            <span className="text-slate-600">Margin</span>
            <input name="margin" defaultValue="0.05" className="mt-1 block w-20 rounded-md border border-slate-300 px-2 py-1 font-mono" />
          </label>
          <label className="block">
            <span className="text-slate-600">Seed</span>
            <input
              name="seed"
              defaultValue={DEFAULT_AUDIT_SEED}
              className="mt-1 block w-28 rounded-md border border-slate-300 px-2 py-1 font-mono"
            />
          </label>
          <SubmitButton pendingLabel="Drawing…">Draw audit sample</SubmitButton>
        </div>
      </ActionForm>
    </section>
  );
}
