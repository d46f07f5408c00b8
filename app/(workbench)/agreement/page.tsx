import { requirePageRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import type { AgreementStats } from "@/lib/annotate/cohen-kappa";
import { agreementReport, kappaTrends, MIN_PAIRS_FOR_KAPPA, type AgreementRow } from "@/lib/annotate/agreement-report";
import { hasRole } from "@/lib/auth/roles";
import { describeInstances, readAgreementLabels } from "@/lib/annotate/load-agreement";
import { BidiText } from "@/app/_components/bidi-text";
import { KappaTrendChart } from "./kappa-trend-chart";

const pct = (x: number | null) => (x === null ? "—" : `${(100 * x).toFixed(1)}%`);
const kappa = (s: AgreementStats) => (s.kappa === null ? (s.n > 0 ? "n/a*" : "—") : s.kappa.toFixed(3));
/** the half-width of κ's 95% interval (1.96 large-sample standard errors; meaningless for few shared instances, which are flagged instead) */
const margin = (s: AgreementStats) =>
  s.kappaStandardError === null || s.n < MIN_PAIRS_FOR_KAPPA ? "" : `± ${(1.96 * s.kappaStandardError).toFixed(2)}`;
const labelName = (value: string) => value.replaceAll("_", " ");

function SmallSample({ row }: { row: AgreementRow }) {
  if (!row.smallSample || row.n === 0) return null;
  return (
    <span
      className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900"
      title={`κ from fewer than ${MIN_PAIRS_FOR_KAPPA} shared instances: its 95% interval is wide, so read it with the raw agreement and the matrix`}
      data-testid="small-sample"
    >
      {row.n === 1 ? "1 shared instance" : `only ${row.n} shared instances`}
    </span>
  );
}

/** A pair's confusion matrix and the instances its two annotators disagree on, with links to open them. */
function PairDetails({
  row,
  instanceHref,
  describe,
}: {
  row: AgreementRow;
  instanceHref: (id: string) => string;
  /** what a link to an instance says: its repository, PR, file and the comment's first words */
  describe: (id: string) => string;
}) {
  const [first, second] = row.key.split(" × ");
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="pair-details">
      <summary className="cursor-pointer font-medium">
        {row.key}: {row.disagreements.length} disagreement{row.disagreements.length === 1 ? "" : "s"} in {row.n} shared instance
        {row.n === 1 ? "" : "s"}
      </summary>
      <div className="mt-3 flex flex-wrap gap-8">
        <table className="text-xs" data-testid="confusion-matrix">
          <caption className="mb-1 text-left text-slate-600">
            rows: {first}, columns: {second}
          </caption>
          <thead>
            <tr>
              <th />
              {row.categories.map((c) => (
                <th key={c} scope="col" className="px-2 py-1 text-slate-600">
                  {labelName(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {row.categories.map((c, i) => (
              <tr key={c}>
                <th scope="row" className="px-2 py-1 text-left text-slate-600">
                  {labelName(c)}
                </th>
                {row.confusion[i].map((count, j) => (
                  <td
                    key={row.categories[j]}
                    className={`px-3 py-1 text-right font-mono ${i === j ? "bg-emerald-50 text-emerald-900" : count > 0 ? "bg-red-50 text-red-900" : "text-slate-600"}`}
                  >
                    {count}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {row.disagreements.length > 0 && (
          <ul className="space-y-1" data-testid="disagreements">
            {row.disagreements.slice(0, 50).map((d) => (
              <li key={d.instanceId}>
                <a href={instanceHref(d.instanceId)} className="text-xs text-indigo-700 underline" data-testid="disagreement-link">
                  <BidiText text={describe(d.instanceId)} />
                </a>{" "}
                <span className="text-slate-600">
                  {first}: {labelName(d.values[0])}, {second}: {labelName(d.values[1])}
                </span>
              </li>
            ))}
            {row.disagreements.length > 50 && <li className="text-slate-600">and {row.disagreements.length - 50} more</li>}
          </ul>
        )}
      </div>
    </details>
  );
}

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
              <th
                className="px-3 py-2 text-right"
                title="instances both annotators of a pair labelled (overall: every two labels on one instance)"
              >
                Shared instances
              </th>
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
                <td className="px-3 py-2 text-right font-mono">
                  {kappa(r)} <span className="text-xs text-slate-500">{margin(r)}</span>
                  <SmallSample row={r} />
                </td>
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
  const user = await requirePageRole("admin", "adjudicator");
  // an adjudicator opens an instance where she decides; an admin in the lead's view
  const instanceHref = (id: string) => (hasRole(user, "adjudicator") ? `/adjudicate/${id}` : `/annotate/${id}`);
  const prisma = await getPrisma();
  const labels = await readAgreementLabels(prisma);
  const report = agreementReport(labels);
  const shown = report.byPair.flatMap((row) => row.disagreements.slice(0, 50).map((d) => d.instanceId));
  const described = await describeInstances(prisma, shown);
  const describe = (id: string) => described.get(id) ?? id;
  const o = report.overall;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Inter-annotator agreement</h1>
        <p className="text-sm text-slate-600">
          Cohen&apos;s κ and raw agreement on the annotators&apos; own labels (before adjudication), over the three values trustworthy,
          untrustworthy and unsuitable. A pair is two annotators; a shared instance is one both of them labelled, and each counts once for
          the pair. Overall pools every pair's shared instances.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-xl border border-slate-200 bg-white p-5">
          <p className="text-xs uppercase text-slate-500">Cohen&apos;s κ, overall</p>
          <p className="mt-1 font-mono text-3xl" data-testid="kappa-overall">
            {kappa(o)}
          </p>
          <p className="text-xs text-slate-500">
            {reading(o.kappa)} {margin(o) && `(95% interval ${margin(o)})`}
          </p>
          <SmallSample row={o} />
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-5">
          <p className="text-xs uppercase text-slate-500">Raw agreement</p>
          <p className="mt-1 font-mono text-3xl" data-testid="raw-agreement-overall">
            {pct(o.rawAgreement)}
          </p>
          <p className="text-xs text-slate-500">
            {o.agreed} of {o.n} shared-instance comparisons agree
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
      <KappaTrendChart trends={kappaTrends(labels)} />
      {report.byPair.length > 0 && (
        <section className="space-y-2">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Where each pair disagrees</h2>
          {report.byPair.map((row) => (
            <PairDetails key={row.key} row={row} instanceHref={instanceHref} describe={describe} />
          ))}
        </section>
      )}
      <AgreementTable title="Per repository" rows={report.byRepository} keyLabel="Repository" testId="agreement-by-repository" />
      <AgreementTable
        title="Per week (the week the second of the two labels was given)"
        rows={report.byWeek}
        keyLabel="Week of"
        testId="agreement-by-week"
      />
      <p className="text-xs text-slate-500">
        * κ is undefined when both annotators used one and the same label for every instance (chance agreement is then 100%): shown as n/a,
        with raw agreement still reported. ± is the half-width of κ&apos;s 95% interval (1.96 large-sample standard errors); a group with
        fewer than {MIN_PAIRS_FOR_KAPPA} shared instances is marked instead, as its κ alone cannot tell fair from substantial agreement.
      </p>
    </div>
  );
}
