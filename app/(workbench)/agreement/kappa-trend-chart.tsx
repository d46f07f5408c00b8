// κ per annotator pair over time (lib/annotate/agreement-report.ts kappaTrends): one line per pair
// across the weeks, κ cumulated up to each week. Plain SVG. Colour is not the only key: each line ends
// in its pair's name, a small sample is drawn hollow, and the numbers are a table beneath.
import { MIN_PAIRS_FOR_KAPPA, type PairTrend } from "@/lib/annotate/agreement-report";

const COLOURS = ["stroke-indigo-600", "stroke-amber-600", "stroke-emerald-600", "stroke-rose-600", "stroke-sky-600", "stroke-violet-600"];
const FILLS = ["fill-indigo-600", "fill-amber-600", "fill-emerald-600", "fill-rose-600", "fill-sky-600", "fill-violet-600"];

const W = 640;
const H = 220;
const LEFT = 40;
const RIGHT = 130;
const TOP = 12;
const BOTTOM = 28;

const kappaText = (k: number | null) => (k === null ? "n/a" : k.toFixed(2));

/** The chart's accessible description: each pair's latest κ and how it moved. */
export function kappaTrendSummary(trends: readonly PairTrend[]): string {
  if (trends.length === 0) return "No annotator pair has labelled the same instance yet.";
  return trends
    .map((t) => {
      const first = t.points[0];
      const last = t.points[t.points.length - 1];
      const moved = t.points.length > 1 ? `, from ${kappaText(first.kappa)} in the week of ${first.week}` : "";
      return `${t.pair}: κ ${kappaText(last.kappa)} over ${last.n} shared instances by the week of ${last.week}${moved}`;
    })
    .join("; ");
}

export function KappaTrendChart({ trends }: { trends: readonly PairTrend[] }) {
  const weeks = [...new Set(trends.flatMap((t) => t.points.map((p) => p.week)))].sort();
  const lowest = Math.min(0, ...trends.flatMap((t) => t.points.map((p) => p.kappa ?? 0)));
  const yMin = Math.floor(lowest * 2) / 2; // 0, −0.5 or −1
  const x = (week: string) =>
    LEFT + (weeks.length <= 1 ? (W - LEFT - RIGHT) / 2 : (weeks.indexOf(week) / (weeks.length - 1)) * (W - LEFT - RIGHT));
  const y = (k: number) => TOP + ((1 - k) / (1 - yMin)) * (H - TOP - BOTTOM);
  const ticks = [1, 0.5, 0, -0.5, -1].filter((t) => t >= yMin);
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4" data-testid="kappa-trend">
      <figcaption className="mb-2">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">κ per pair over time</h2>
        <p className="text-sm text-slate-600">
          Each pair's Cohen's κ over all the instances both had labelled by the end of each week; a hollow point is κ from fewer than{" "}
          {MIN_PAIRS_FOR_KAPPA} shared instances.
        </p>
      </figcaption>
      {trends.length === 0 ? (
        <p className="text-sm text-slate-600">No annotator pair has labelled the same instance yet.</p>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${W} ${H}`}
            className="h-auto w-full max-w-3xl"
            role="img"
            aria-labelledby="kappa-title kappa-desc"
            data-testid="kappa-svg"
          >
            <title id="kappa-title">Cohen's κ per annotator pair, week by week</title>
            <desc id="kappa-desc">{kappaTrendSummary(trends)}</desc>
            {ticks.map((t) => (
              <g key={t}>
                <line x1={LEFT} x2={W - RIGHT} y1={y(t)} y2={y(t)} className="stroke-slate-200" strokeWidth={1} />
                <text x={LEFT - 6} y={y(t) + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
                  {t.toFixed(1)}
                </text>
              </g>
            ))}
            {weeks.map((week) => (
              <text key={week} x={x(week)} y={H - 8} textAnchor="middle" className="fill-slate-600 text-[11px]">
                {week.slice(5)}
              </text>
            ))}
            {trends.map((t, i) => {
              const colour = COLOURS[i % COLOURS.length];
              const fill = FILLS[i % FILLS.length];
              const known = t.points.filter((p): p is typeof p & { kappa: number } => p.kappa !== null);
              const last = known.at(-1);
              return (
                <g key={t.pair} data-pair={t.pair}>
                  {known.length > 1 && (
                    <polyline
                      points={known.map((p) => `${x(p.week)},${y(p.kappa)}`).join(" ")}
                      fill="none"
                      className={colour}
                      strokeWidth={2}
                    />
                  )}
                  {known.map((p) => (
                    <circle
                      key={p.week}
                      cx={x(p.week)}
                      cy={y(p.kappa)}
                      r={4}
                      strokeWidth={2}
                      className={`${colour} ${p.smallSample ? "fill-white" : fill}`}
                    />
                  ))}
                  {last && (
                    <text x={x(last.week) + 8} y={y(last.kappa) + 4} className="fill-slate-900 text-[11px]">
                      {t.pair}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-slate-600">κ per pair and week as a table</summary>
            <table className="mt-2 text-xs" data-testid="kappa-trend-table">
              <thead className="text-left text-slate-600">
                <tr>
                  <th scope="col" className="py-1 pr-3">
                    Pair
                  </th>
                  {weeks.map((week) => (
                    <th key={week} scope="col" className="py-1 pr-3 text-right">
                      week of {week}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {trends.map((t) => (
                  <tr key={t.pair} className="border-t border-slate-100">
                    <th scope="row" className="py-1 pr-3 text-left font-normal">
                      {t.pair}
                    </th>
                    {weeks.map((week) => {
                      const p = t.points.find((point) => point.week === week);
                      return (
                        <td key={week} className="py-1 pr-3 text-right font-mono">
                          {p ? `${kappaText(p.kappa)} (${p.n})` : "—"}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </figure>
  );
}
