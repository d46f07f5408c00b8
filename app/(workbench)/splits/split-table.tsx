import type { DatasetStatistics } from "@/lib/export/dataset-statistics";
import { SPLIT_NAMES } from "@/lib/db/enums";
import type { SplitRunParams } from "@/lib/split/split-run-params";
import { fmt, signed } from "./format";

const SPLITS = SPLIT_NAMES;

/** Per-split class counts beside the per-class targets and the miss, so the balance is visible at a glance. */
export function SplitTable({ statistics, params }: { statistics: DatasetStatistics; params: SplitRunParams }) {
  const partition = params.method === "partition" ? params : null;
  return (
    <table className="w-full text-sm" data-testid="split-table">
      <thead className="text-left text-slate-500">
        <tr>
          <th className="py-1.5">Split</th>
          <th className="text-right">Trustworthy</th>
          <th className="text-right">Untrustworthy</th>
          <th className="text-right">Examples</th>
          <th className="text-right">PRs</th>
          <th className="text-right">Perturbations</th>
          {partition && (
            <>
              <th className="text-right">Target (true / false)</th>
              <th className="text-right">Miss</th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {SPLITS.map((s) => {
          const c = statistics.splits[s];
          return (
            <tr key={s} className="border-t border-slate-100" data-testid={`split-row-${s}`}>
              <td className="py-1.5 font-medium">{s}</td>
              <td className="text-right font-mono">{fmt(c.trustworthy)}</td>
              <td className="text-right font-mono">{fmt(c.untrustworthy)}</td>
              <td className="text-right font-mono" data-testid={`split-total-${s}`}>
                {fmt(c.total)}
              </td>
              <td className="text-right font-mono">{fmt(c.pullRequests)}</td>
              <td className="text-right font-mono">{fmt(c.perturbations)}</td>
              {partition && (
                <>
                  <td className="text-right font-mono text-slate-500">
                    {fmt(partition.targets[s].trustworthy)} / {fmt(partition.targets[s].untrustworthy)}
                  </td>
                  <td className="text-right font-mono text-slate-500">
                    {signed(partition.deviation[s].trustworthy)} / {signed(partition.deviation[s].untrustworthy)}
                  </td>
                </>
              )}
            </tr>
          );
        })}
        <tr className="border-t border-slate-300 font-medium">
          <td className="py-1.5">all</td>
          <td className="text-right font-mono">{fmt(statistics.splits.all.trustworthy)}</td>
          <td className="text-right font-mono">{fmt(statistics.splits.all.untrustworthy)}</td>
          <td className="text-right font-mono" data-testid="split-total-all">
            {fmt(statistics.splits.all.total)}
          </td>
          <td className="text-right font-mono">{fmt(statistics.splits.all.pullRequests)}</td>
          <td className="text-right font-mono">{fmt(statistics.splits.all.perturbations)}</td>
          {partition && (
            <>
              <td />
              <td />
            </>
          )}
        </tr>
      </tbody>
    </table>
  );
}
