import { requirePageRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import type { AgreementStats } from "@/lib/annotate/cohen-kappa";
import type { AgreementRow } from "@/lib/annotate/agreement-report";
import { loadAgreement } from "@/lib/annotate/load-agreement";

const pct = (x: number | null) => (x === null ? "—" : `${(100 * x).toFixed(1)}%`);
const kappa = (s: AgreementStats) => (s.kappa === null ? (s.n > 0 ? "n/a*" : "—") : s.kappa.toFixed(3));

// Landis & Koch's bands, the usual reading of kappa
function reading(k: number | null): string {
  if (k === null) return "";
  if (k < 0) return "worse than chance";
  if (k <= 0.2) return "slight";
  if (k <= 0.4) return "fair";
  if (k <= 0.6) return "moderate";
  if (k <= 0.8) return "substantial";
  return "almost perfect";
}

function Bar({ value, tone }: { value: number | null; tone: string }) {
  const width = value === null ? 0 : Math.max(0, Math.min(1, value)) * 100;
  return (
    <div className="h-2 w-32 overflow-hidden rounded bg-slate-100" aria-hidden>
      <div className={`h-full ${tone}`} style={{ width: `${width}%` }} />
    </div>
  );
}

function AgreementTable({ title, rows, keyLabel, testId }: { title: string; rows: AgreementRow[]; keyLabel: string; testId: string }) {
  return (
    <section>
      <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">No instance has two labels yet.</p>
      ) : (
        <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm" data-testid={testId}>
          <thead className="bg-slate-50 text-left text-slate-500">
            <tr>
              <th className="px-3 py-2">{keyLabel}</th>
              <th className="px-3 py-2 text-right">Pairs</th>
              <th className="px-3 py-2 text-right">Raw agreement</th>
              <th className="px-3 py-2" />
              <th className="px-3 py-2 text-right">Cohen&apos;s κ</th>
              <th className="px-3 py-2" />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="border-t border-slate-100">
                <td className="px-3 py-2 font-mono text-xs">{r.key}</td>
                <td className="px-3 py-2 text-right font-mono">{r.n}</td>
                <td className="px-3 py-2 text-right font-mono">{pct(r.rawAgreement)}</td>
                <td className="px-3 py-2">
                  <Bar value={r.rawAgreement} tone="bg-slate-400" />
                </td>
                <td className="px-3 py-2 text-right font-mono">{kappa(r)}</td>
                <td className="px-3 py-2">
                  <div className="flex items-center gap-2">
                    <Bar value={r.kappa} tone="bg-indigo-500" />
                    <span className="text-xs text-slate-500">{reading(r.kappa)}</span>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default async function AgreementPage() {
  await requirePageRole("admin", "adjudicator");
  const report = await loadAgreement(await getPrisma());
  const o = report.overall;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Inter-annotator agreement</h1>
        <p className="text-sm text-slate-600">
          Cohen&apos;s κ and raw agreement on the annotators&apos; own labels (before adjudication), over the three values trustworthy,
          untrustworthy and unsuitable. Each two annotators who labelled the same instance make one pair; overall pools all pairs.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-xl border border-slate-200 bg-white p-5">
          <p className="text-xs uppercase text-slate-500">Cohen&apos;s κ, overall</p>
          <p className="mt-1 font-mono text-3xl" data-testid="kappa-overall">
            {kappa(o)}
          </p>
          <p className="text-xs text-slate-500">{reading(o.kappa)}</p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-5">
          <p className="text-xs uppercase text-slate-500">Raw agreement</p>
          <p className="mt-1 font-mono text-3xl" data-testid="raw-agreement-overall">
            {pct(o.rawAgreement)}
          </p>
          <p className="text-xs text-slate-500">
            {o.agreed} of {o.n} pairs agree
          </p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-5">
          <p className="text-xs uppercase text-slate-500">Instances with two or more labels</p>
          <p className="mt-1 font-mono text-3xl">{report.instancesWithPairs}</p>
          <p className="text-xs text-slate-500">
            chance agreement p<sub>e</sub> = {pct(o.expectedAgreement)}
          </p>
        </div>
      </div>
      <AgreementTable title="Per annotator pair" rows={report.byPair} keyLabel="Pair" testId="agreement-by-pair" />
      <AgreementTable title="Per repository" rows={report.byRepository} keyLabel="Repository" testId="agreement-by-repository" />
      <AgreementTable title="Per week (week the pair was completed)" rows={report.byWeek} keyLabel="Week of" testId="agreement-by-week" />
      <p className="text-xs text-slate-500">
        * κ is undefined when both annotators used one and the same label for every instance (chance agreement is then 100%): shown as n/a,
        with raw agreement still reported.
      </p>
    </div>
  );
}
