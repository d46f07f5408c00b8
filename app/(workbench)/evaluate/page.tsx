import Link from "next/link";
import { z } from "zod";
import { requirePageRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { listEvalRuns } from "@/lib/evaluate/list-eval-runs";
import { listEvaluableExports, type EvaluableExport } from "@/lib/evaluate/list-evaluable-exports";
import { SplitNameSchema, type SplitName } from "@/lib/db/enums";
import { loadSampleAction, removeSampleAction } from "./actions";
import { RunComparison } from "./comparison";
import { RunReport } from "./run-report";
import { UploadForm } from "./upload-form";

const SearchSchema = z.object({
  export: z.string().optional().catch(undefined),
  split: SplitNameSchema.catch("test"),
  run: z.string().optional().catch(undefined),
});

const SPLITS: SplitName[] = ["test", "validation", "train"];

function SampleControls({ loaded }: { loaded: boolean }) {
  return loaded ? (
    <form action={removeSampleAction}>
      <button
        type="submit"
        className="rounded-md border border-slate-300 px-3 py-1.5 text-xs text-slate-700 hover:bg-slate-50"
        data-testid="remove-sample"
      >
        Remove sample data
      </button>
    </form>
  ) : (
    <form action={loadSampleAction}>
      <button
        type="submit"
        className="rounded-md border border-indigo-300 px-3 py-1.5 text-xs font-medium text-indigo-700 hover:bg-indigo-50"
        data-testid="load-sample"
      >
        Load sample evaluation data
      </button>
    </form>
  );
}

function EmptyState() {
  return (
    <section className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center" data-testid="no-exports">
      <h2 className="text-lg font-semibold">No export yet</h2>
      <p className="mx-auto mt-1 max-w-xl text-sm text-slate-600">
        Judges are scored against the private labels of an exported split.{" "}
        <Link href="/splits" className="text-indigo-700 underline">
          Export a split first
        </Link>
        , then upload a judge&apos;s predictions here.
      </p>
      <p className="mx-auto mt-4 max-w-xl text-sm text-slate-600">
        To try the page now, load a small bundled sample (3 repositories, 16 labelled comments, clearly named <code>eval-sample/…</code>);
        you can remove it again here.
      </p>
      <div className="mt-3 flex justify-center">
        <SampleControls loaded={false} />
      </div>
    </section>
  );
}

function ExportPicker({ exports, selected, split }: { exports: EvaluableExport[]; selected: EvaluableExport; split: SplitName }) {
  return (
    <form method="get" action="/evaluate" className="flex flex-wrap items-end gap-3" data-testid="export-picker">
      <label className="block">
        <span className="text-xs font-medium text-slate-600">Export</span>
        <select
          name="export"
          defaultValue={selected.id}
          className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
        >
          {exports.map((row) => (
            <option key={row.id} value={row.id}>
              {row.sample ? "[sample] " : ""}
              {row.label} · test {row.items.test}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        <span className="text-xs font-medium text-slate-600">Split</span>
        <select name="split" defaultValue={split} className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm">
          {SPLITS.map((name) => (
            <option key={name} value={name}>
              {name} ({selected.items[name]} items, {selected.runs[name]} runs)
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50">
        Show
      </button>
    </form>
  );
}

export default async function EvaluatePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePageRole("admin");
  const search = SearchSchema.parse(await searchParams);
  const prisma = await getPrisma();
  const exports = await listEvaluableExports(prisma);
  const sampleLoaded = exports.some((row) => row.sample);
  const heading = (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold">Evaluate judges</h1>
        <p className="max-w-3xl text-sm text-slate-600">
          Import a judge&apos;s predictions for the blinded tasks of an export, join them to the private labels by <code>eval_id</code>, and
          compare runs with the paper&apos;s metrics: accuracy, per-class precision/recall/F1, the true-prediction rate, and accuracy per
          repository and per source. Invalid and missing predictions are counted and scored wrong, never dropped.
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Link
          href="/evaluate/judge"
          className="rounded-md border border-indigo-300 px-3 py-1.5 text-xs font-medium text-indigo-700 hover:bg-indigo-50"
          data-testid="judge-runs-link"
        >
          Run a judge agent →
        </Link>
        {exports.length > 0 && <SampleControls loaded={sampleLoaded} />}
      </div>
    </div>
  );
  if (exports.length === 0) {
    return (
      <div className="space-y-6">
        {heading}
        <EmptyState />
      </div>
    );
  }

  const selected = exports.find((row) => row.id === search.export) ?? exports[0];
  const split = search.split;
  const itemCount = selected.items[split];
  const { runs, unreadable } = itemCount > 0 ? await listEvalRuns(prisma, selected.id, split) : { runs: [], unreadable: [] };
  const shown = runs.find((run) => run.id === search.run) ?? runs.at(-1) ?? null;
  const href = (runId: string) => `/evaluate?export=${encodeURIComponent(selected.id)}&split=${split}&run=${encodeURIComponent(runId)}`;

  return (
    <div className="space-y-6">
      {heading}
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <ExportPicker exports={exports} selected={selected} split={split} />
        {selected.sample && (
          <p className="mt-3 rounded-md bg-indigo-50 px-3 py-2 text-xs text-indigo-900" data-testid="sample-note">
            This is the bundled sample export, for trying the page. Its eval_ids and labels are fixed; remove it when done.
          </p>
        )}
      </section>

      {itemCount === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600" data-testid="empty-split">
          This export has no {split} items. Pick another split.
        </p>
      ) : (
        <>
          <section className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">Import a run</h2>
            <UploadForm exportId={selected.id} split={split} itemCount={itemCount} />
          </section>

          <section className="space-y-3">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">
              Runs on the {split} split ({runs.length})
            </h2>
            {unreadable.map((run) => (
              <p key={run.id} className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                Run “{run.name}” cannot be shown: {run.problem}.
              </p>
            ))}
            {runs.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600" data-testid="no-runs">
                No runs on this split yet. Import a judge&apos;s predictions above to see its report here.
              </p>
            ) : (
              <RunComparison runs={runs} selectedId={shown?.id ?? null} href={href} />
            )}
          </section>

          {shown && <RunReport run={shown} />}
        </>
      )}
    </div>
  );
}
