import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { DEFAULT_DATASET_TITLE, previewExport } from "@/lib/export/preview-export";
import { isAppError } from "@/lib/errors";
import { listExports } from "@/lib/export/list-splits-and-exports";
import { CardPreview } from "../card-preview";
import { ExportForm } from "../export-form";
import { ExportJobPanel } from "../export-job-panels";
import { fmt, when } from "../format";
import { SplitTable } from "../split-table";
import { plural } from "@/lib/text/plural";

export const dynamic = "force-dynamic";

async function loadPreview(splitRunId: string) {
  try {
    return await previewExport(await getPrisma(), splitRunId);
  } catch (e) {
    if (isAppError(e, "not_found")) notFound();
    if (isAppError(e, "conflict")) return { unreadable: e.message };
    throw e;
  }
}

export default async function SplitPage({ params }: { params: Promise<{ splitRunId: string }> }) {
  await requirePageRole("admin");
  const { splitRunId } = await params;
  const preview = await loadPreview(splitRunId);
  if ("unreadable" in preview)
    return <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">{preview.unreadable}</p>;
  const exports = await listExports(await getPrisma(), { splitRunId });
  const { splitRun, stale, notInRun } = preview.splitRows;
  const p = splitRun.params;
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link href="/splits" className="text-indigo-700 hover:underline">
            ← Splits &amp; export
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">Split of {when(splitRun.createdAt)}</h1>
        <p className="text-sm text-slate-600">
          {p.method === "imported"
            ? `Imported as released (${p.files.map((f) => f.name).join(", ")}).`
            : `Seed ${splitRun.seed}; test ${p.testShare}, validation ${p.validationShare} of the train pool; ${fmt(p.pullRequests)} PR groups; largest miss ${p.maxAbsDeviation}${p.provenOptimal ? " (proven the closest possible)" : ""}.`}
        </p>
      </div>

      {stale.length > 0 && (
        <p role="alert" className="rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900" data-testid="stale-split">
          {fmt(stale.length)} {plural(stale.length, "instance")} of this split no longer {plural(stale.length, "has", "have")} a final
          label, so it cannot be exported. Create a new split on the splits page.
        </p>
      )}
      {notInRun > 0 && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="not-in-split">
          {fmt(notInRun)} labelled {plural(notInRun, "instance")} {plural(notInRun, "is", "are")} not in this split (labelled after it was
          made). Create a new split to include them.
        </p>
      )}

      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">Split table</h2>
        <SplitTable statistics={preview.cardInput.statistics} params={p} />
      </section>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">Dataset card preview</h2>
          <CardPreview card={preview.card} />
        </section>
        <aside className="space-y-4 lg:sticky lg:top-4 lg:self-start">
          <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">Export</h2>
            <p className="mb-3 text-xs text-slate-500">
              Writes the split files (at the root as the Hub release, or under <code>data/</code> with Parquet as its GitHub copy), this
              card as <code>README.md</code> (its <code>data_files</code> follow the layout), and, kept private and never pushed, a{" "}
              <code>manifest.json</code> of sha256 hashes and one blinded judge task per example. Pushing to the Hub is the next step.
            </p>
            <ExportForm splitRunId={splitRunId} defaultTitle={DEFAULT_DATASET_TITLE} disabled={stale.length > 0} />
          </section>
          <ExportJobPanel />
          {exports.length > 0 && (
            <section className="rounded-xl border border-slate-200 bg-white p-5 text-sm shadow-sm">
              <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Exports of this split</h2>
              <ul className="space-y-1">
                {exports.map((e) => (
                  <li key={e.id}>
                    <Link href={`/splits/exports/${e.id}`} className="font-mono text-xs text-indigo-700 hover:underline">
                      {when(e.createdAt)}
                    </Link>{" "}
                    <span className="font-mono text-xs text-slate-500">{e.contentHash.slice(0, 12)}</span>
                    {e.hubCommit && <span className="ml-1 text-xs text-emerald-700">pushed</span>}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </aside>
      </div>
    </div>
  );
}
