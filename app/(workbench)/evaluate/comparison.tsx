import Link from "next/link";
import { compareRuns } from "@/lib/evaluate/compare-runs";
import { formatPercent } from "@/lib/evaluate/format-percent";
import type { StoredEvalRun } from "@/lib/evaluate/record-eval-run";
import { deleteRunAction } from "./actions";
import { GroupedBarChart, runColor } from "./bar-charts";
import { MetricTableHeader } from "./metric-table-header";

const HEADLINE = [
  { label: "Accuracy", pick: (r: StoredEvalRun) => r.report.metrics.accuracy },
  { label: "F1 trustworthy", pick: (r: StoredEvalRun) => r.report.metrics.positive.f1 },
  { label: "F1 untrustworthy", pick: (r: StoredEvalRun) => r.report.metrics.negative.f1 },
  { label: "Macro-F1", pick: (r: StoredEvalRun) => r.report.metrics.macroF1 },
  { label: "True rate", pick: (r: StoredEvalRun) => r.report.metrics.trueRate },
];

const cell = "px-2 py-1.5 text-right font-mono";

/** Every run on one split side by side (Tables 2–3), plus headline and per-repository charts (Figure 5). */
export function RunComparison({
  runs,
  selectedId,
  href,
}: {
  runs: StoredEvalRun[];
  selectedId: string | null;
  href: (runId: string) => string;
}) {
  // colours follow upload order so a run keeps its colour as others are added
  const colorOf = new Map(runs.map((run, index) => [run.name, runColor(index)]));
  const byName = new Map(runs.map((run) => [run.name, run]));
  const rows = compareRuns(runs.map((run) => ({ name: run.name, report: run.report.metrics })));
  const repos = [...new Set(runs.flatMap((run) => run.report.metrics.byRepository.map((row) => row.key)))].sort();
  const series = (pick: (run: StoredEvalRun, group: number) => number | null, groups: number) =>
    runs.map((run, index) => ({ name: run.name, color: runColor(index), values: Array.from({ length: groups }, (_, g) => pick(run, g)) }));
  return (
    <div className="space-y-5">
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full text-sm" data-testid="comparison-table">
          <MetricTableHeader
            short
            className="bg-slate-50"
            before={[{ label: "Run", className: "px-3 text-left" }, { label: "n" }]}
            after={[
              { label: "True rate" },
              { label: "Gold share" },
              { label: "Unanswered", title: "invalid or missing predictions, scored wrong" },
              { label: "", className: "px-3" },
            ]}
          />
          <tbody>
            {rows.map((row) => {
              const run = byName.get(row.name);
              if (!run) return null; // every compared row comes from one of these runs
              const selected = run.id === selectedId;
              return (
                <tr
                  key={run.id}
                  data-testid="comparison-row"
                  data-run-name={row.name}
                  className={`border-t border-slate-100 ${selected ? "bg-indigo-50/60" : ""}`}
                >
                  <td className="px-3 py-1.5">
                    <span
                      className="mr-2 inline-block h-2.5 w-2.5 rounded-sm align-middle"
                      style={{ backgroundColor: colorOf.get(row.name) }}
                    />
                    <Link href={href(run.id)} className="text-indigo-700 hover:underline" data-testid="comparison-run-link">
                      {row.name}
                    </Link>
                  </td>
                  <td className={cell}>{row.n}</td>
                  <td className={`${cell} font-semibold`} data-testid="comparison-accuracy">
                    {formatPercent(row.accuracy)}
                  </td>
                  <td className={`${cell} border-l border-slate-100`}>{formatPercent(row.positivePrecision)}</td>
                  <td className={cell}>{formatPercent(row.positiveRecall)}</td>
                  <td className={cell}>{formatPercent(row.positiveF1)}</td>
                  <td className={`${cell} border-l border-slate-100`}>{formatPercent(row.negativePrecision)}</td>
                  <td className={cell}>{formatPercent(row.negativeRecall)}</td>
                  <td className={cell}>{formatPercent(row.negativeF1)}</td>
                  <td className={`${cell} border-l border-slate-100`}>{formatPercent(row.macroF1)}</td>
                  <td className={cell}>{formatPercent(row.trueRate)}</td>
                  <td className={`${cell} text-slate-600`}>{formatPercent(row.goldTrueRate)}</td>
                  <td className={`${cell} ${row.unanswered > 0 ? "text-amber-700" : "text-slate-600"}`} data-testid="comparison-unanswered">
                    {row.unanswered}
                  </td>
                  <td className="px-3 py-1.5 text-right text-xs">
                    <details className="inline-block text-left">
                      <summary className="cursor-pointer text-slate-600 hover:text-rose-700">Delete</summary>
                      <form action={deleteRunAction} className="mt-1">
                        <input type="hidden" name="runId" value={run.id} />
                        <button type="submit" className="rounded border border-rose-300 px-2 py-0.5 text-rose-700 hover:bg-rose-50">
                          Delete this run
                        </button>
                      </form>
                    </details>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500">
          Percentages; sorted by accuracy as in the paper&apos;s Table 2. Accuracy and recall count invalid and missing predictions as
          wrong; precision and the true rate (Table 3) are over valid predictions.
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <GroupedBarChart
            testId="comparison-chart"
            caption="Headline metrics (%)"
            groups={HEADLINE.map((metric) => metric.label)}
            series={series((run, g) => HEADLINE[g].pick(run), HEADLINE.length)}
          />
        </section>
        <section className={`rounded-lg border border-slate-200 bg-white p-4 ${repos.length > 4 ? "lg:col-span-2" : ""}`}>
          <GroupedBarChart
            testId="comparison-repo-chart"
            caption="Accuracy per repository (%), as in Figure 5"
            groups={repos}
            labels={repos.map((repo) => repo.split("/").pop() ?? repo)}
            series={series((run, g) => run.report.metrics.byRepository.find((row) => row.key === repos[g])?.accuracy ?? null, repos.length)}
          />
        </section>
      </div>
    </div>
  );
}
