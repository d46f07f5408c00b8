import { formatPercent } from "@/lib/evaluate/format-percent";

// Distinct on white and for common colour-vision deficiencies (Okabe–Ito order, then greys).
const RUN_COLORS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#64748b"];
export const runColor = (index: number) => RUN_COLORS[index % RUN_COLORS.length];

export interface BarRow {
  label: string;
  value: number | null;
  /** shown after the percentage, e.g. "2/3 · n=3" */
  note: string;
}

/** One run's accuracy per group as horizontal bars, as in the paper's Figure 5. */
export function HorizontalBars({ rows, testId, color = RUN_COLORS[0] }: { rows: BarRow[]; testId: string; color?: string }) {
  return (
    <ul className="space-y-1.5" data-testid={testId}>
      {rows.map((row) => (
        <li
          key={row.label}
          className="grid grid-cols-[minmax(8rem,14rem)_1fr_9rem] items-center gap-3 text-sm"
          data-testid={`${testId}-row`}
        >
          <span className="truncate font-mono text-xs text-slate-700" title={row.label}>
            {row.label}
          </span>
          <span className="h-4 rounded bg-slate-100" role="img" aria-label={`${row.label}: ${formatPercent(row.value)}%`}>
            <span className="block h-4 rounded" style={{ width: `${(row.value ?? 0) * 100}%`, backgroundColor: color }} />
          </span>
          <span className="text-right font-mono text-xs text-slate-600">
            <span className="font-medium text-slate-900">{formatPercent(row.value)}%</span> {row.note}
          </span>
        </li>
      ))}
    </ul>
  );
}

export interface Series {
  name: string;
  color: string;
  values: (number | null)[];
}

const HEIGHT = 200;
const TOP = 10;
const LEFT = 36;
const LABEL_SPACE = 40;

/** Vertical bars per group, one bar per series, on a 0–100% axis; undefined values leave a gap. */
export function GroupedBarChart({
  groups,
  labels = groups,
  series,
  testId,
  caption,
}: {
  groups: string[];
  labels?: string[];
  series: Series[];
  testId: string;
  caption: string;
}) {
  const barWidth = Math.max(6, Math.min(22, Math.floor(120 / Math.max(series.length, 1))));
  // wide enough for a label line of ~13 characters under each group
  const groupWidth = Math.max(series.length * barWidth + 28, 100);
  const width = LEFT + groups.length * groupWidth + 12;
  const plotHeight = HEIGHT - TOP - LABEL_SPACE;
  const y = (value: number) => TOP + plotHeight * (1 - value);
  return (
    <figure className="space-y-2" data-testid={testId}>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="w-full"
        role="img"
        aria-label={caption}
        style={{ maxHeight: 280, maxWidth: Math.round(width * 1.3) }}
      >
        {[0, 0.25, 0.5, 0.75, 1].map((tick) => (
          <g key={tick}>
            <line x1={LEFT} x2={width - 4} y1={y(tick)} y2={y(tick)} stroke={tick === 0 ? "#94a3b8" : "#e2e8f0"} />
            <text x={LEFT - 6} y={y(tick) + 3} textAnchor="end" fontSize="12" fill="#64748b">
              {tick * 100}
            </text>
          </g>
        ))}
        {groups.map((group, g) => {
          const x0 = LEFT + g * groupWidth + 14;
          return (
            <g key={group}>
              {series.map((s, i) => {
                const value = s.values[g];
                if (value === null || value === undefined) return null;
                return (
                  <rect
                    key={s.name}
                    x={x0 + i * barWidth}
                    y={y(value)}
                    width={barWidth - 2}
                    height={Math.max(0, y(0) - y(value))}
                    fill={s.color}
                  >
                    <title>{`${s.name} · ${group}: ${formatPercent(value)}%`}</title>
                  </rect>
                );
              })}
              <text x={x0 + (series.length * barWidth) / 2} y={HEIGHT - LABEL_SPACE + 16} textAnchor="middle" fontSize="13" fill="#334155">
                <title>{group}</title>
                {labelLines(labels[g]).map((line, i) => (
                  <tspan key={i} x={x0 + (series.length * barWidth) / 2} dy={i === 0 ? 0 : 14}>
                    {line}
                  </tspan>
                ))}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="font-medium text-slate-700">{caption}</span>
        {series.map((s) => (
          <span key={s.name} className="inline-flex items-center gap-1.5">
            <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ backgroundColor: s.color }} />
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** Up to two lines of about 13 characters, broken at spaces, so neighbouring labels do not overlap. */
function labelLines(label: string): string[] {
  const lines: string[] = [];
  for (const word of label.split(" ")) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 13) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const kept = lines.slice(0, 2).map((line) => (line.length > 15 ? `${line.slice(0, 14)}…` : line));
  if (lines.length > 2) kept[1] = `${kept[1].slice(0, 13)}…`;
  return kept;
}
