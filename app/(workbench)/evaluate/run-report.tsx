import type { EvalReport } from "@/lib/evaluate/eval-report-schema";
import { formatPercent, formatPointDifference } from "@/lib/evaluate/format-percent";
import type { StoredEvalRun } from "@/lib/evaluate/record-eval-run";
import { HorizontalBars } from "./bar-charts";
import { MetricTableHeader } from "./metric-table-header";

type Interval = EvalReport["intervals"]["accuracy"];

const SOURCE_LABELS: Record<string, string> = {
  human: "Human-annotated",
  negation: "Perturbation · negation",
  symbol: "Perturbation · symbol",
  location: "Perturbation · location",
};

function Card({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid={testId}>
      <h3 className="mb-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      {children}
    </section>
  );
}

function Metric({ value, interval, testId }: { value: number | null; interval?: Interval; testId?: string }) {
  return (
    <td className="px-2 py-2 text-right align-top">
      <span className="font-mono text-base font-semibold" data-testid={testId}>
        {formatPercent(value)}
      </span>
      {interval !== undefined && (
        <span className="block font-mono text-[11px] text-slate-500">
          {interval ? `[${formatPercent(interval.lower, 1)}, ${formatPercent(interval.upper, 1)}]` : "no CI"}
        </span>
      )}
    </td>
  );
}

export function RunReport({ run }: { run: StoredEvalRun }) {
  const { metrics: m, intervals: ci, input } = run.report;
  const unanswered = m.n - m.answered;
  return (
    <div className="space-y-4" data-testid="run-report">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold" data-testid="run-report-name">
          {run.name}
        </h2>
        <p className="text-xs text-slate-500">
          {run.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC · {input.files.length} file{input.files.length === 1 ? "" : "s"}{" "}
          (
          {input.files
            .slice(0, 3)
            .map((file) => file.name)
            .join(", ")}
          {input.files.length > 3 ? ", …" : ""}) · {input.records} records · {m.answered} of {m.n} gold items answered
        </p>
      </header>
      {m.answered === 0 && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          No valid prediction matched this split&apos;s eval_ids
          {m.unknown.count > 0 ? ` (${m.unknown.count} valid predictions name other ids)` : ""}. Check that the file belongs to this export
          and split.
        </p>
      )}

      <Card title="Overall accuracy and class-specific precision, recall, F1 (as in Table 2), with bootstrap 95% CIs">
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <MetricTableHeader after={[{ label: "Acc. over valid", title: "correct over gold items with a valid prediction" }]} />
            <tbody>
              <tr>
                <Metric value={m.accuracy} interval={ci.accuracy} testId="metric-accuracy" />
                <Metric value={m.positive.precision} />
                <Metric value={m.positive.recall} />
                <Metric value={m.positive.f1} interval={ci.positiveF1} testId="metric-positive-f1" />
                <Metric value={m.negative.precision} />
                <Metric value={m.negative.recall} />
                <Metric value={m.negative.f1} interval={ci.negativeF1} testId="metric-negative-f1" />
                <Metric value={m.macroF1} interval={ci.macroF1} testId="metric-macro-f1" />
                <Metric value={m.accuracyOverValid} />
              </tr>
            </tbody>
          </table>
        </div>
        <p className="mt-2 text-xs text-slate-500">
          Gold: {m.positive.support} trustworthy, {m.negative.support} untrustworthy. Confusion: TP {m.confusion.tp} · FN {m.confusion.fn} ·
          TN {m.confusion.tn} · FP {m.confusion.fp} · unanswered {m.confusion.unansweredPositive} trustworthy +{" "}
          {m.confusion.unansweredNegative} untrustworthy (scored wrong). Percentile bootstrap, {ci.resamples} resamples of the {m.n} items,
          seed {ci.seed}.
        </p>
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Trustworthy prediction rate (as in Table 3)" testId="true-rate">
          <HorizontalBars
            testId="true-rate-bars"
            rows={[
              { label: "Predicted true", value: m.trueRate, note: `of ${m.answered} valid` },
              { label: "Gold trustworthy share", value: m.goldTrueRate, note: `of ${m.n} items` },
            ]}
          />
          <p className="mt-2 text-sm text-slate-700">
            The judge says <code>true</code>{" "}
            <span className="font-mono font-medium" data-testid="true-rate-gap">
              {formatPointDifference(m.trueRate, m.goldTrueRate)}
            </span>{" "}
            against the gold share.
          </p>
        </Card>
        <Card title="Unanswered and unscored records" testId="problem-counts">
          <dl className="grid grid-cols-3 gap-3 text-center">
            {[
              {
                label: "Invalid records",
                value: m.invalid.records,
                testId: "count-invalid",
                hint: `${m.invalid.goldItems} gold items, ${m.invalid.duplicates} duplicates`,
              },
              { label: "Missing", value: m.missing.count, testId: "count-missing", hint: "gold items no record named" },
              { label: "Unknown ids", value: m.unknown.count, testId: "count-unknown", hint: "not in this split; not scored" },
            ].map((item) => (
              <div key={item.label} className="rounded-md bg-slate-50 p-2">
                <dt className="text-xs text-slate-500">{item.label}</dt>
                <dd
                  className={`font-mono text-xl font-semibold ${item.value > 0 ? "text-amber-700" : "text-slate-500"}`}
                  data-testid={item.testId}
                >
                  {item.value}
                </dd>
                <dd className="text-[11px] text-slate-500">{item.hint}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-xs text-slate-500">
            {unanswered} of {m.n} gold items have no valid prediction and count as wrong in accuracy and recall.
          </p>
        </Card>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Accuracy per repository (as in Figure 5)">
          <HorizontalBars
            testId="repo-accuracy"
            rows={m.byRepository.map((row) => ({ label: row.key, value: row.accuracy, note: `${row.correct}/${row.n} · n=${row.n}` }))}
          />
        </Card>
        <Card title="Accuracy per source">
          <table className="w-full text-sm" data-testid="source-table">
            <thead className="text-left text-xs text-slate-500">
              <tr>
                <th className="py-1">Source</th>
                <th className="py-1 text-right">n</th>
                <th className="py-1 text-right">Correct</th>
                <th className="py-1 text-right">Wrong</th>
                <th className="py-1 text-right">Invalid</th>
                <th className="py-1 text-right">Missing</th>
                <th className="py-1 text-right">Accuracy</th>
              </tr>
            </thead>
            <tbody>
              {m.bySource.map((row) => (
                <tr key={row.key} className="border-t border-slate-100" data-testid="source-row" data-source={row.key}>
                  <td className="py-1">{SOURCE_LABELS[row.key] ?? row.key}</td>
                  <td className="py-1 text-right font-mono">{row.n}</td>
                  <td className="py-1 text-right font-mono">{row.correct}</td>
                  <td className="py-1 text-right font-mono">{row.wrong}</td>
                  <td className="py-1 text-right font-mono">{row.invalid}</td>
                  <td className="py-1 text-right font-mono">{row.missing}</td>
                  <td className="py-1 text-right font-mono font-semibold">{formatPercent(row.accuracy)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </div>

      <ProblemLists report={run.report} />
    </div>
  );
}

function ProblemLists({ report }: { report: EvalReport }) {
  const { metrics: m, input } = report;
  if (input.invalid.length === 0 && m.missing.count === 0 && m.unknown.count === 0) return null;
  return (
    <Card title="What was not scored, and why" testId="problem-lists">
      {input.invalid.length > 0 && (
        <table className="mb-3 w-full text-sm" data-testid="invalid-list">
          <thead className="text-left text-xs text-slate-500">
            <tr>
              <th className="py-1">File</th>
              <th className="py-1">Line</th>
              <th className="py-1">eval_id</th>
              <th className="py-1">Reason</th>
            </tr>
          </thead>
          <tbody>
            {input.invalid.map((record, i) => (
              <tr key={i} className="border-t border-slate-100 align-top">
                <td className="py-1 pr-2 font-mono text-xs">{record.file ?? "–"}</td>
                <td className="py-1 pr-2 font-mono text-xs">{record.line ?? "–"}</td>
                <td className="py-1 pr-2 font-mono text-xs">{record.evalId ?? "–"}</td>
                <td className="py-1 text-xs text-rose-800">{record.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {input.invalidNotListed > 0 && (
        <p className="mb-3 text-xs text-slate-500">… and {input.invalidNotListed} more invalid records, counted but not listed.</p>
      )}
      {[
        { label: "Missing: gold items no record named (scored wrong)", ids: m.missing.evalIds, testId: "missing-list" },
        { label: "Unknown: valid predictions for ids not in this split (not scored)", ids: m.unknown.evalIds, testId: "unknown-list" },
      ]
        .filter((list) => list.ids.length > 0)
        .map((list) => (
          <details key={list.testId} className="mb-2 text-sm" data-testid={list.testId}>
            <summary className="cursor-pointer text-slate-700">
              {list.label}: {list.ids.length}
            </summary>
            <p className="mt-1 break-all font-mono text-xs text-slate-600">{list.ids.join(", ")}</p>
          </details>
        ))}
    </Card>
  );
}
