import Link from "next/link";
import { requirePageRole } from "@/lib/auth/current-user";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { screeningLlmStatus } from "@/lib/llm/configured-llm";
import { loadScreenGate } from "@/lib/screen/screen-gate";
import { loadAssignmentReadiness } from "@/lib/annotate/annotation-settings";
import { readyByRepository } from "@/lib/annotate/team-assignment";
import { loadTeamWorkload } from "@/lib/annotate/team-workload";
import { AssignBatchForm, ReassignForm } from "./team-forms";
import { counted } from "@/lib/text/plural";

const percent = (part: number, whole: number) => (whole === 0 ? "—" : `${Math.round((100 * part) / whole)}%`);

export default async function TeamPage() {
  await requirePageRole("admin");
  const prisma = await getPrisma();
  const gate = await loadScreenGate(prisma, { llmConfigured: screeningLlmStatus(config()).configured });
  const [workload, repositories, readiness] = await Promise.all([
    loadTeamWorkload(prisma),
    readyByRepository(prisma, gate),
    loadAssignmentReadiness(prisma, gate),
  ]);
  const annotators = workload.map((w) => ({ id: w.id, login: w.login, open: w.open }));
  return (
    <div className="space-y-6">
      <Link href="/annotate" className="text-sm text-indigo-700 hover:underline">
        ← Annotation queue
      </Link>
      <header>
        <h1 className="text-2xl font-semibold">Team and assignments</h1>
        <p className="text-sm text-slate-600">
          {counted(readiness.ready, "instance")} ready for annotation (through {readiness.screens}). Choose who labels which batch; move
          open items when someone is away or skipped them.
        </p>
      </header>
      <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm" data-testid="team-workload">
        <thead className="bg-slate-50 text-left text-slate-500">
          <tr>
            <th className="px-3 py-2">Annotator</th>
            <th className="px-3 py-2 text-right">Open</th>
            <th className="px-3 py-2 text-right">Done</th>
            <th className="px-3 py-2 text-right">Progress</th>
            <th className="px-3 py-2 text-right">Skipped</th>
            <th className="px-3 py-2 text-right">Flagged</th>
            <th className="px-3 py-2 text-right" title="Their label equals the final label, over the instances decided so far">
              Agreement with final label
            </th>
          </tr>
        </thead>
        <tbody>
          {workload.map((w) => (
            <tr key={w.id} className="border-t border-slate-100" data-testid="workload-row" data-login={w.login}>
              <td className="px-3 py-2">
                {w.login} <span className="text-xs text-slate-500">{w.name}</span>
              </td>
              <td className="px-3 py-2 text-right font-mono" data-testid="workload-open">
                {w.open}
              </td>
              <td className="px-3 py-2 text-right font-mono">{w.done}</td>
              <td className="px-3 py-2 text-right font-mono">{percent(w.done, w.done + w.open)}</td>
              <td className="px-3 py-2 text-right font-mono">{w.skipped}</td>
              <td className="px-3 py-2 text-right font-mono">{w.flagged}</td>
              <td className="px-3 py-2 text-right font-mono">
                {percent(w.agreed, w.decided)}{" "}
                <span className="text-xs text-slate-500">
                  ({w.agreed} of {w.decided})
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <AssignBatchForm annotators={annotators} repositories={repositories} readiness={readiness} />
      <ReassignForm annotators={annotators} />
    </div>
  );
}
