import Link from "next/link";
import { requirePageRole } from "@/lib/auth/current-user";
import { mayOpen } from "@/lib/auth/page-access";
import { getPrisma } from "@/lib/db/server";
import { tallySupervisionRun } from "@/lib/teach/run-supervision";

export const dynamic = "force-dynamic";

const n = (v: number) => v.toLocaleString("en-US");

export default async function SupervisionRunsPage() {
  const user = await requirePageRole("admin", "adjudicator");
  const prisma = await getPrisma();
  const runs = await prisma.supervisionRun.findMany({
    orderBy: { createdAt: "desc" },
    take: 100,
    include: { judgeRun: { select: { id: true, name: true, split: true, model: true } } },
  });
  const tallies = await Promise.all(runs.map((r) => tallySupervisionRun(prisma, r.id)));
  return (
    <div className="space-y-4">
      <div>
        {/* links only to pages this reader opens: the list of judge runs is the admin's */}
        {mayOpen(user, "/evaluate/judge") && (
          <Link href="/evaluate/judge" className="text-sm text-indigo-700 hover:underline">
            ← Judge runs
          </Link>
        )}
        <h1 className="text-2xl font-semibold">Teacher supervision</h1>
        <p className="text-sm text-slate-600">
          A judge run's rollouts supervised by a privileged teacher and an independent reviewer, the approved actions kept as training
          records (paper section 3, appendices B and C). Start one with <code>npx tsx scripts/supervise.ts --help</code>.
        </p>
      </div>
      {runs.length === 0 ? (
        <p className="text-sm text-slate-600">No supervision run yet.</p>
      ) : (
        <table className="w-full rounded-lg border border-slate-200 bg-white text-sm" data-testid="supervision-runs">
          <thead className="bg-slate-50 text-left text-slate-500">
            <tr>
              <th className="px-3 py-2">Judge run</th>
              <th className="px-3 py-2">Round</th>
              <th className="px-3 py-2">Status</th>
              <th className="px-3 py-2 text-right">Prefixes</th>
              <th className="px-3 py-2 text-right">Actions: approved / rejected</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r, i) => (
              <tr key={r.id} className="border-t border-slate-100">
                <td className="px-3 py-2">
                  <Link href={`/evaluate/supervision/${r.id}`} className="text-indigo-700 hover:underline">
                    {r.judgeRun.name}
                  </Link>{" "}
                  <span className="text-xs text-slate-500">
                    ({r.judgeRun.model}, {r.judgeRun.split})
                  </span>
                </td>
                <td className="px-3 py-2">{r.round}</td>
                <td className="px-3 py-2">{r.status}</td>
                <td className="px-3 py-2 text-right">
                  {n(tallies[i].prefixesDone)} / {n(tallies[i].prefixes)}
                </td>
                <td className="px-3 py-2 text-right">
                  {n(tallies[i].teacherActions)}: {n(tallies[i].approved)} / {n(tallies[i].rejected)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
