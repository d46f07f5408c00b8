import Link from "next/link";
import { JobPanel } from "@/app/_components/job-panel";
import { requirePageRole } from "@/lib/auth/current-user";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { listEvaluableExports } from "@/lib/evaluate/list-evaluable-exports";
import { listJudgeRuns } from "@/lib/judge/judge-views";
import { hostSandbox } from "@/lib/judge/sandbox-caps";
import { StartJudgeRunForm } from "./start-form";

export const dynamic = "force-dynamic";

const n = (v: number) => v.toLocaleString("en-US");

export default async function JudgeRunsPage() {
  await requirePageRole("admin");
  const prisma = await getPrisma();
  const c = config();
  const [exports, runs] = await Promise.all([listEvaluableExports(prisma), listJudgeRuns(prisma)]);
  const { availability: sandbox, ...caps } = hostSandbox();
  return (
    <div className="space-y-6">
      <div>
        <Link href="/evaluate" className="text-sm text-indigo-700 hover:underline">
          ← Evaluate judges
        </Link>
        <h1 className="text-2xl font-semibold">Judge runs</h1>
        <p className="max-w-3xl text-sm text-slate-600">
          Run a judge agent on an export&apos;s blinded tasks the way the paper did (appendix A): mini-swe-agent&apos;s loop with the
          paper&apos;s prompts, one bash command per turn in a sandbox per task (the repository at the base commit, the task read-only, no
          network), then score it with the evaluation below, before and after reviewers credit repairs.
        </p>
        <p className="max-w-3xl text-sm text-slate-600">
          A train-split run&apos;s rollouts become training data through{" "}
          <Link href="/evaluate/supervision" className="text-indigo-700 underline">
            teacher supervision
          </Link>
          .
        </p>
      </div>
      {!sandbox.ok && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="sandbox-missing">
          Judge runs need a sandbox: {sandbox.reason}.
        </p>
      )}
      {sandbox.ok && caps.warning && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="sandbox-caps-warning">
          {caps.warning}
        </p>
      )}
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">Start a run</h2>
        {sandbox.ok && (
          <p className="mb-3 text-xs text-slate-600" data-testid="sandbox-caps">
            Each task&apos;s sandbox on this host: {caps.caps}.
          </p>
        )}
        {exports.length === 0 ? (
          <p className="text-sm text-slate-600">
            No export yet: <Link href="/splits">export a split</Link> first.
          </p>
        ) : (
          <StartJudgeRunForm
            exports={exports.map((e) => ({ id: e.id, label: e.label, items: e.items }))}
            configured={{ baseUrl: c.JUDGE_BASE_URL ?? null, model: c.JUDGE_MODEL ?? null, key: Boolean(c.JUDGE_API_KEY) }}
            disabled={!sandbox.ok}
          />
        )}
      </section>
      <JobPanel kinds={["judge"]} title="Judge jobs" titles={{ judge: "Judge run" }} />
      <section>
        <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Runs</h2>
        {runs.length === 0 ? (
          <p className="text-sm text-slate-600">No judge run yet.</p>
        ) : (
          <table className="w-full rounded-lg border border-slate-200 bg-white text-sm" data-testid="judge-runs">
            <thead className="bg-slate-50 text-left text-slate-500">
              <tr>
                <th className="px-3 py-2">Run</th>
                <th className="px-3 py-2">Model</th>
                <th className="px-3 py-2">Split · policy</th>
                <th className="px-3 py-2">Status</th>
                <th className="px-3 py-2 text-right">Done</th>
                <th className="px-3 py-2 text-right">No valid submission</th>
                <th className="px-3 py-2 text-right">Tokens</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.id} className="border-t border-slate-100">
                  <td className="px-3 py-2">
                    <Link href={`/evaluate/judge/${r.id}`} className="text-indigo-700 hover:underline">
                      {r.name}
                    </Link>
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{r.model}</td>
                  <td className="px-3 py-2 text-xs">
                    {r.split} · {r.contextPolicy}
                  </td>
                  <td className="px-3 py-2 text-xs">{r.status}</td>
                  <td className="px-3 py-2 text-right">
                    {n(r.done)} / {n(r.total)}
                  </td>
                  <td className="px-3 py-2 text-right">{n(r.invalid)}</td>
                  <td className="px-3 py-2 text-right">{n(r.tokens)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
