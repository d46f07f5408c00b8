// The two-row header of a metric table (the paper's Table 2): accuracy, precision, recall and F1 of
// each class, macro-F1, with the columns a table adds before and after them. The run report and the
// comparison of runs share it, so their columns read the same.

export interface MetricTableColumn {
  label: string;
  /** a hover note on what the column counts */
  title?: string;
  /** padding and alignment; default "px-2 text-right" */
  className?: string;
}

export function MetricTableHeader({
  before = [],
  after = [],
  short = false,
  className = "",
}: {
  before?: MetricTableColumn[];
  after?: MetricTableColumn[];
  /** P and R instead of Precision and Recall, for a wide table */
  short?: boolean;
  className?: string;
}) {
  const perClass = short ? ["P", "R", "F1"] : ["Precision", "Recall", "F1"];
  const spanning = (column: MetricTableColumn) => (
    <th key={column.label} rowSpan={2} className={`${column.className ?? "px-2 text-right"} py-2`} title={column.title}>
      {column.label}
    </th>
  );
  return (
    <thead className={`text-xs text-slate-500 ${className}`}>
      <tr>
        {before.map(spanning)}
        {spanning({ label: "Accuracy" })}
        <th colSpan={3} className="border-l border-slate-200 px-2 pt-2 text-center">
          Trustworthy (positive)
        </th>
        <th colSpan={3} className="border-l border-slate-200 px-2 pt-2 text-center">
          Untrustworthy (negative)
        </th>
        {spanning({ label: "Macro-F1", className: "border-l border-slate-200 px-2 text-right" })}
        {after.map(spanning)}
      </tr>
      <tr>
        {[...perClass, ...perClass].map((label, i) => (
          <th key={i} className={`px-2 pb-2 text-right ${i % 3 === 0 ? "border-l border-slate-200" : ""}`}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
