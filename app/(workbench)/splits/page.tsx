import Link from "next/link";
import { requirePageRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { loadEligibleInstances, summarizeEligible } from "@/lib/split/eligible-instances";
import { listExports, listSplitRuns } from "@/lib/export/list-splits-and-exports";
import { CreateSplitForm } from "./create-split-form";
import { fmt, when } from "./format";
import { ImportForm } from "./import-form";

export const dynamic = "force-dynamic";

function Card({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={testId}>
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h2>
      {children}
    </section>
  );
}

export default async function SplitsPage() {
  await requirePageRole("admin");
  const prisma = await getPrisma();
  const [eligible, runs, exports] = await Promise.all([
    loadEligibleInstances(prisma).then(summarizeEligible),
    listSplitRuns(prisma),
    listExports(prisma),
  ]);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Splits &amp; export</h1>
        <p className="max-w-3xl text-sm text-slate-600">
          Split every labelled instance into PR-disjoint train, validation and test sets with per-class targets (paper §2), preview the
          dataset card, export in the released format (JSONL + Parquet, card, manifest, blinded judge tasks) and push it to the Hugging Face
          Hub.
        </p>
      </div>

      <Card title="Ready to split" testId="eligible">
        {eligible.instances === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-5 text-sm text-slate-600" data-testid="nothing-to-split">
            <p className="font-medium text-slate-800">Nothing to split yet.</p>
            <p className="mt-1">
              A split takes human instances labelled trustworthy or untrustworthy (after adjudication) and perturbations the experts
              accepted. Finish labels in{" "}
              <Link href="/annotate" className="text-indigo-700 underline">
                Annotate
              </Link>
              , verify perturbations in{" "}
              <Link href="/perturb" className="text-indigo-700 underline">
                Perturb
              </Link>
              , or import an existing release below.
            </p>
          </div>
        ) : (
          <p className="text-sm text-slate-700">
            <span className="font-mono font-semibold" data-testid="eligible-instances">
              {fmt(eligible.instances)}
            </span>{" "}
            instances from <span className="font-mono">{fmt(eligible.pullRequests)}</span> pull requests:{" "}
            <span className="font-mono">{fmt(eligible.trustworthy)}</span> trustworthy,{" "}
            <span className="font-mono">{fmt(eligible.untrustworthy)}</span> untrustworthy (of which{" "}
            <span className="font-mono">{fmt(eligible.perturbations)}</span> verified perturbations).
          </p>
        )}
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Create a split">
          <CreateSplitForm disabled={eligible.instances === 0} />
        </Card>
        <Card title="Import a released dataset">
          <p className="mb-3 text-xs text-slate-500">
            Rows in the released format (<code>data/train.jsonl</code> …) become PRs, timelines and labelled instances, so an existing
            dataset can be inspected, re-split and re-exported without loss.
          </p>
          <ImportForm />
        </Card>
      </div>

      <Card title={`Splits (${runs.length})`} testId="split-runs">
        {runs.length === 0 ? (
          <p className="text-sm text-slate-600">No split yet.</p>
        ) : (
          <table className="w-full text-sm">
            <thead className="text-left text-slate-500">
              <tr>
                <th className="py-1.5">Created</th>
                <th>How</th>
                <th className="text-right">Train</th>
                <th className="text-right">Validation</th>
                <th className="text-right">Test</th>
                <th className="text-right">Max miss</th>
                <th className="text-right">Exports</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.id} className="border-t border-slate-100">
                  <td className="py-1.5 font-mono text-xs">
                    {r.params ? (
                      <Link href={`/splits/${r.id}`} className="text-indigo-700 hover:underline" data-testid="split-run-link">
                        {when(r.createdAt)}
                      </Link>
                    ) : (
                      when(r.createdAt)
                    )}
                  </td>
                  <td className="text-xs">
                    {r.params === null ? (
                      <span className="text-slate-500">made by another tool</span>
                    ) : r.params.method === "imported" ? (
                      "imported"
                    ) : (
                      `seed ${r.seed} · ${r.params.testShare} / ${r.params.validationShare}`
                    )}
                  </td>
                  <td className="text-right font-mono">{fmt(r.instances.train)}</td>
                  <td className="text-right font-mono">{fmt(r.instances.validation)}</td>
                  <td className="text-right font-mono">{fmt(r.instances.test)}</td>
                  <td className="text-right font-mono">{r.params?.method === "partition" ? r.params.maxAbsDeviation : "–"}</td>
                  <td className="text-right font-mono">{r.exports}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>

      <Card title={`Exports (${exports.length})`} testId="exports">
        {exports.length === 0 ? (
          <p className="text-sm text-slate-600">No export yet: open a split to preview its card and export it.</p>
        ) : (
          <table className="w-full text-sm">
            <thead className="text-left text-slate-500">
              <tr>
                <th className="py-1.5">Created</th>
                <th>Title</th>
                <th className="text-right">Rows (train / val / test)</th>
                <th className="pl-6">Content hash</th>
                <th className="pl-4">Hub</th>
              </tr>
            </thead>
            <tbody>
              {exports.map((e) => (
                <tr key={e.id} className="border-t border-slate-100">
                  <td className="py-1.5 font-mono text-xs">
                    {e.hasFiles ? (
                      <Link href={`/splits/exports/${e.id}`} className="text-indigo-700 hover:underline">
                        {when(e.createdAt)}
                      </Link>
                    ) : (
                      when(e.createdAt)
                    )}
                  </td>
                  <td>{e.title ?? <span className="text-slate-500">no files (recorded by another tool)</span>}</td>
                  <td className="text-right font-mono">
                    {e.rows ? `${fmt(e.rows.train)} / ${fmt(e.rows.validation)} / ${fmt(e.rows.test)}` : "–"}
                  </td>
                  <td className="pl-6 font-mono text-xs">{e.contentHash.slice(0, 12)}</td>
                  <td className="pl-4 text-xs">{e.hubCommit ? `${e.hubRepoId} @ ${e.hubCommit.slice(0, 8)}` : "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
