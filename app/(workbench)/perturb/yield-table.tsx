import type { PerturbationCounts } from "@/lib/perturb/perturbation-counts";
import { PERTURBATION_KINDS } from "@/lib/perturb/perturbation-counts";
import type { PerturbationTargets } from "@/lib/perturb/perturbation-targets";
import { KindBadge } from "./word-diff-view";

/** Verified negatives per kind against the team's targets (issue #42 item 7), with the bar's figures in words. */
export function YieldTable({ counts, targets }: { counts: PerturbationCounts; targets: PerturbationTargets }) {
  return (
    <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm" data-testid="yield-table">
      <caption className="px-3 py-2 text-left text-xs text-slate-500">
        Verified negatives so far against the team&apos;s targets (the paper needed 130 negation, 88 symbol and 152 location).
      </caption>
      <thead className="bg-slate-50 text-left text-slate-500">
        <tr>
          <th className="px-3 py-2">Kind</th>
          <th className="px-3 py-2 text-right">Accepted</th>
          <th className="px-3 py-2 text-right">Target</th>
          <th className="px-3 py-2">Progress</th>
        </tr>
      </thead>
      <tbody>
        {PERTURBATION_KINDS.map((k) => {
          const accepted = counts.byKind[k].accepted;
          const target = targets[k];
          const share = target === 0 ? 1 : Math.min(1, accepted / target);
          return (
            <tr key={k} className="border-t border-slate-100" data-testid={`yield-${k}`}>
              <td className="px-3 py-2">
                <KindBadge kind={k} />
              </td>
              <td className="px-3 py-2 text-right font-mono">{accepted}</td>
              <td className="px-3 py-2 text-right font-mono" data-testid={`target-${k}`}>
                {target}
              </td>
              <td className="px-3 py-2">
                <div
                  role="img"
                  aria-label={`${accepted} of ${target} ${k} negatives (${Math.round(share * 100)}%)`}
                  className="h-2 w-full max-w-xs rounded bg-slate-100"
                >
                  <div className="h-2 rounded bg-emerald-600" style={{ width: `${share * 100}%` }} />
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
