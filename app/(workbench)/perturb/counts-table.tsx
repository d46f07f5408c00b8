import type { PerturbationCounts } from "@/lib/perturb/perturbation-counts";
import { PERTURBATION_KINDS, VERIFICATION_STATUSES } from "@/lib/perturb/perturbation-counts";
import { KindBadge } from "./word-diff-view";

const HEAD = { pending: "Pending", accepted: "Accepted (negatives)", rejected: "Rejected" } as const;

/** Perturbed instances per kind × verification status, the figures the closing note reports. */
export function CountsTable({ counts }: { counts: PerturbationCounts }) {
  return (
    <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm" data-testid="perturbation-counts">
      <thead className="bg-slate-50 text-left text-slate-500">
        <tr>
          <th className="px-3 py-2">Kind</th>
          {VERIFICATION_STATUSES.map((s) => (
            <th key={s} className="px-3 py-2 text-right">
              {HEAD[s]}
            </th>
          ))}
          <th className="px-3 py-2 text-right">Total</th>
        </tr>
      </thead>
      <tbody>
        {PERTURBATION_KINDS.map((k) => (
          <tr key={k} className="border-t border-slate-100">
            <td className="px-3 py-2">
              <KindBadge kind={k} />
            </td>
            {VERIFICATION_STATUSES.map((s) => (
              <td key={s} className="px-3 py-2 text-right font-mono" data-testid={`count-${k}-${s}`}>
                {counts.byKind[k][s]}
              </td>
            ))}
            <td className="px-3 py-2 text-right font-mono" data-testid={`count-${k}-total`}>
              {counts.byKind[k].total}
            </td>
          </tr>
        ))}
        <tr className="border-t border-slate-200 bg-slate-50 font-medium">
          <td className="px-3 py-2">All kinds</td>
          {VERIFICATION_STATUSES.map((s) => (
            <td key={s} className="px-3 py-2 text-right font-mono" data-testid={`count-all-${s}`}>
              {counts.total[s]}
            </td>
          ))}
          <td className="px-3 py-2 text-right font-mono">{counts.total.total}</td>
        </tr>
      </tbody>
    </table>
  );
}
