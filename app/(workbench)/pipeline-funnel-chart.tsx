// The pipeline as a funnel against the team's targets (lib/overview/pipeline-funnel.ts): one bar per
// stage on a logarithmic scale (76,190 comments and 1,199 instances on one axis), the target a tick
// across it. Plain SVG: nothing here needs a chart library. The picture is one image with a summary
// for screen readers; the numbers are also a table beneath it.
import type { FunnelRow } from "@/lib/overview/pipeline-funnel";

const fmt = (n: number) => n.toLocaleString("en-US");
const pct = (share: number) => `${share >= 10 ? Math.round(share * 100) : (share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;

const LABEL_W = 190;
const BAR_W = 420;
const VALUE_W = 170;
const ROW_H = 30;
const BAR_H = 16;

/** Where a count falls on the log axis (0 at the left, BAR_W at the largest number shown). */
function scaleOf(rows: readonly FunnelRow[]): (n: number) => number {
  const top = Math.max(10, ...rows.flatMap((r) => [r.actual, r.target ?? 0]));
  return (n) => (n <= 0 ? 0 : (Math.log10(n + 1) / Math.log10(top + 1)) * BAR_W);
}

/** One sentence per stage, for the image's accessible description. */
export function funnelSummary(rows: readonly FunnelRow[], source: "team" | "paper"): string {
  const against = source === "team" ? "the team's target" : "the paper's";
  return rows
    .map((r) =>
      r.target === null ? `${r.name}: ${fmt(r.actual)} (no target)` : `${r.name}: ${fmt(r.actual)} of ${against} ${fmt(r.target)}`,
    )
    .join("; ");
}

export function PipelineFunnelChart({ rows, source }: { rows: readonly FunnelRow[]; source: "team" | "paper" }) {
  const x = scaleOf(rows);
  const height = rows.length * ROW_H + 24;
  const targetWord = source === "team" ? "team target" : "paper";
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="pipeline-funnel">
      <figcaption className="mb-3">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Pipeline funnel</h2>
        <p className="text-sm text-slate-600">
          Each stage's count (bar, logarithmic scale) against{" "}
          {source === "team" ? "the team's targets" : "the paper's funnel (CRJudgeBench §2)"} (tick).
        </p>
      </figcaption>
      <svg
        viewBox={`0 0 ${LABEL_W + BAR_W + VALUE_W} ${height}`}
        className="h-auto w-full max-w-4xl"
        role="img"
        aria-labelledby="funnel-title funnel-desc"
        data-testid="funnel-svg"
      >
        <title id="funnel-title">Pipeline funnel against {source === "team" ? "the team's targets" : "the paper's funnel"}</title>
        <desc id="funnel-desc">{funnelSummary(rows, source)}</desc>
        {rows.map((r, i) => {
          const y = i * ROW_H + 4;
          const reached = r.target !== null && r.actual >= r.target;
          return (
            <g key={r.stage} data-stage={r.stage}>
              <text x={LABEL_W - 8} y={y + BAR_H - 3} textAnchor="end" className="fill-slate-700 text-[12px]">
                {r.name}
              </text>
              <rect x={LABEL_W} y={y} width={BAR_W} height={BAR_H} rx={3} className="fill-slate-100" />
              <rect
                x={LABEL_W}
                y={y}
                width={Math.max(r.actual > 0 ? 2 : 0, x(r.actual))}
                height={BAR_H}
                rx={3}
                className={reached ? "fill-emerald-600" : "fill-indigo-500"}
              />
              {r.target !== null && (
                <line
                  x1={LABEL_W + x(r.target)}
                  x2={LABEL_W + x(r.target)}
                  y1={y - 3}
                  y2={y + BAR_H + 3}
                  className="stroke-slate-900"
                  strokeWidth={2}
                />
              )}
              <text x={LABEL_W + BAR_W + 8} y={y + BAR_H - 3} className="fill-slate-900 font-mono text-[12px]">
                {fmt(r.actual)}
                {r.target !== null && r.share !== null ? ` / ${fmt(r.target)} (${pct(r.share)})` : ""}
              </text>
            </g>
          );
        })}
        <text x={LABEL_W} y={height - 4} className="fill-slate-600 text-[11px]">
          bar: count (log scale) · tick: {targetWord}
        </text>
      </svg>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-slate-600">The funnel as a table</summary>
        <table className="mt-2 text-sm" data-testid="funnel-table">
          <thead className="text-left text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-4">
                Stage
              </th>
              <th scope="col" className="py-1 pr-4 text-right">
                Count
              </th>
              <th scope="col" className="py-1 pr-4 text-right">
                {source === "team" ? "Team target" : "Paper"}
              </th>
              <th scope="col" className="py-1 text-right">
                Reached
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.stage} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-4 text-left font-normal">
                  {r.name}
                </th>
                <td className="py-1 pr-4 text-right font-mono">{fmt(r.actual)}</td>
                <td className="py-1 pr-4 text-right font-mono">{r.target === null ? "—" : fmt(r.target)}</td>
                <td className="py-1 text-right font-mono">{r.share === null ? "—" : pct(r.share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
