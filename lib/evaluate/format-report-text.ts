// The CLI's view of a report: aligned tables for people, name=value lines for scripts.
import type { EvalReport } from "./eval-report-schema";
import { formatPercent, formatPointDifference } from "./format-percent";

const LISTED = 20;

export function formatReportTables(name: string, report: EvalReport): string {
  const m = report.metrics;
  const ci = report.intervals;
  const interval = (value: { lower: number; upper: number } | null) =>
    value === null ? "" : `[${formatPercent(value.lower, 1)}, ${formatPercent(value.upper, 1)}]`;
  const out: string[] = [];
  out.push(
    `Run ${JSON.stringify(name)}: ${m.n} gold items, ${m.answered} answered, ${m.n - m.answered} unanswered (invalid or missing) scored wrong`,
  );
  out.push("");
  out.push(
    table(
      ["", "Accuracy", "T-Prec", "T-Rec", "T-F1", "U-Prec", "U-Rec", "U-F1", "Macro-F1"],
      [
        [
          "value",
          formatPercent(m.accuracy),
          formatPercent(m.positive.precision),
          formatPercent(m.positive.recall),
          formatPercent(m.positive.f1),
          formatPercent(m.negative.precision),
          formatPercent(m.negative.recall),
          formatPercent(m.negative.f1),
          formatPercent(m.macroF1),
        ],
        [
          `${Math.round(ci.level * 100)}% CI`,
          interval(ci.accuracy),
          "",
          "",
          interval(ci.positiveF1),
          "",
          "",
          interval(ci.negativeF1),
          interval(ci.macroF1),
        ],
      ],
    ),
  );
  out.push("");
  out.push(
    `True rate ${formatPercent(m.trueRate)}% of valid predictions vs gold share ${formatPercent(m.goldTrueRate)}% ` +
      `(${formatPointDifference(m.trueRate, m.goldTrueRate)}); accuracy over valid predictions ${formatPercent(m.accuracyOverValid)}%`,
  );
  for (const [title, rows] of [
    ["Repository", m.byRepository],
    ["Source", m.bySource],
  ] as const) {
    out.push("");
    out.push(
      table(
        [title, "n", "correct", "wrong", "invalid", "missing", "accuracy"],
        rows.map((row) => [row.key, row.n, row.correct, row.wrong, row.invalid, row.missing, formatPercent(row.accuracy)].map(String)),
      ),
    );
  }
  const problems = [
    ...report.input.invalid.slice(0, LISTED).map((record) => `  invalid ${where(record)}: ${record.reason}`),
    ...(report.metrics.invalid.records > LISTED ? [`  … ${report.metrics.invalid.records - LISTED} more invalid records`] : []),
    ...listIds("missing (no record)", m.missing.evalIds),
    ...listIds("unknown (not in this split; not scored)", m.unknown.evalIds),
  ];
  if (problems.length > 0) out.push("", "Problems:", ...problems);
  return out.join("\n");
}

/** Stable names for scripts and benchmarks; shares as fractions with 4 decimals, "null" if undefined. */
export function reportFigures(report: EvalReport): [string, string][] {
  const m = report.metrics;
  const ci = report.intervals;
  const share = (value: number | null) => (value === null ? "null" : value.toFixed(4));
  const figures: [string, string][] = [
    ["n", String(m.n)],
    ["answered", String(m.answered)],
    ["accuracy", share(m.accuracy)],
    ["accuracy_over_valid", share(m.accuracyOverValid)],
    ["trustworthy_precision", share(m.positive.precision)],
    ["trustworthy_recall", share(m.positive.recall)],
    ["trustworthy_f1", share(m.positive.f1)],
    ["untrustworthy_precision", share(m.negative.precision)],
    ["untrustworthy_recall", share(m.negative.recall)],
    ["untrustworthy_f1", share(m.negative.f1)],
    ["macro_f1", share(m.macroF1)],
    ["true_rate", share(m.trueRate)],
    ["gold_true_rate", share(m.goldTrueRate)],
    ["invalid_records", String(m.invalid.records)],
    ["invalid_gold_items", String(m.invalid.goldItems)],
    ["duplicate_records", String(m.invalid.duplicates)],
    ["missing", String(m.missing.count)],
    ["unknown", String(m.unknown.count)],
  ];
  for (const [name, value] of Object.entries({
    accuracy: ci.accuracy,
    trustworthy_f1: ci.positiveF1,
    untrustworthy_f1: ci.negativeF1,
    macro_f1: ci.macroF1,
  })) {
    figures.push([`${name}_ci_lower`, share(value?.lower ?? null)], [`${name}_ci_upper`, share(value?.upper ?? null)]);
  }
  for (const row of m.byRepository) figures.push([`repo_accuracy[${row.key}]`, share(row.accuracy)], [`repo_n[${row.key}]`, String(row.n)]);
  for (const row of m.bySource) figures.push([`source_accuracy[${row.key}]`, share(row.accuracy)], [`source_n[${row.key}]`, String(row.n)]);
  return figures;
}

function where(record: { file: string | null; line: number | null; evalId: string | null }): string {
  const place = [record.file, record.line === null ? null : `line ${record.line}`].filter(Boolean).join(" ");
  const id = record.evalId === null ? "" : ` (${record.evalId})`;
  return `${place || "record"}${id}`;
}

function listIds(label: string, ids: readonly string[]): string[] {
  if (ids.length === 0) return [];
  const shown = ids.slice(0, LISTED).join(", ");
  return [`  ${label}: ${ids.length}: ${shown}${ids.length > LISTED ? ", …" : ""}`];
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length)));
  const render = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join("  ")
      .trimEnd();
  return [render(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(render)].join("\n");
}
