import { EXPORT_PROFILE_LABELS } from "@/lib/export/export-profile";
import { RELEASED_SOURCE_NAMES } from "@/lib/export/export-conventions";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/current-user";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { loadExportPage } from "@/lib/export/read-export-files";
import { fmt, when } from "../../format";
import { HubPushJobPanel } from "../../export-job-panels";
import { PushForm } from "../../push-form";

export const dynamic = "force-dynamic";

const fileHref = (exportId: string, path: string) =>
  `/api/exports/${encodeURIComponent(exportId)}/files/${path.split("/").map(encodeURIComponent).join("/")}`;

async function load(exportId: string) {
  const page = await loadExportPage(await getPrisma(), exportId);
  if (!page) notFound();
  return page;
}

export default async function ExportPage({ params }: { params: Promise<{ exportId: string }> }) {
  await requirePageRole("admin");
  const { exportId } = await params;
  const loaded = await load(exportId);
  const { record } = loaded;
  const back = (
    <p className="text-sm">
      <Link href={`/splits/${record.splitRunId}`} className="text-indigo-700 hover:underline">
        ← The split
      </Link>
    </p>
  );
  if ("problem" in loaded)
    return (
      <div className="space-y-4">
        {back}
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">{loaded.problem}</p>
      </div>
    );

  const { manifest, paths } = loaded.files;
  const c = config();
  const missing = !c.HF_TOKEN
    ? "HF_TOKEN is not set: add a Hugging Face access token with write access to the server's environment."
    : !c.HF_REPO_ID
      ? "HF_REPO_ID is not set: name the dataset repository (owner/name) in the server's environment."
      : null;
  const firstTask = paths.find((p) => p.endsWith("/task/task.json"));
  const bundle = firstTask?.replace(/\/task\/task\.json$/, "");
  return (
    <div className="space-y-6">
      {back}
      <div>
        <h1 className="text-2xl font-semibold">{manifest.title}</h1>
        <p className="text-sm text-slate-600">
          Exported {when(record.createdAt)} · {fmt(manifest.rows.train)} train / {fmt(manifest.rows.validation)} validation /{" "}
          {fmt(manifest.rows.test)} test · content hash{" "}
          <span className="font-mono" data-testid="content-hash">
            {manifest.content_hash}
          </span>
        </p>
        <p className="text-xs text-slate-500">
          Folder <span className="font-mono">{manifest.dir}</span> · layout{" "}
          <span data-testid="export-profile">
            {manifest.profile ? EXPORT_PROFILE_LABELS[manifest.profile] : "data/ with Parquet (made before layouts could be chosen)"}
          </span>{" "}
          · license <span data-testid="export-license">{manifest.license ?? "cc-by-4.0"}</span> · <code>source</code> words{" "}
          <span data-testid="export-source-names">
            {manifest.source_names
              ? `${manifest.source_names.human} / ${manifest.source_names.perturbation}`
              : `${RELEASED_SOURCE_NAMES.human} / ${RELEASED_SOURCE_NAMES.perturbation} (the release's; imported rows keep their own)`}
          </span>
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">Published files (what a push sends)</h2>
          <table className="w-full text-sm" data-testid="manifest-files">
            <thead className="text-left text-slate-500">
              <tr>
                <th className="py-1.5">File</th>
                <th className="text-right">Bytes</th>
                <th className="pl-4">sha256</th>
              </tr>
            </thead>
            <tbody>
              {manifest.files.map((f) => (
                <tr key={f.path} className="border-t border-slate-100">
                  <td className="py-1.5">
                    <a href={fileHref(exportId, f.path)} className="font-mono text-xs text-indigo-700 hover:underline">
                      {f.path}
                    </a>
                  </td>
                  <td className="text-right font-mono text-xs">{fmt(f.bytes)}</td>
                  <td className="pl-4 font-mono text-xs text-slate-500">{f.sha256.slice(0, 16)}…</td>
                </tr>
              ))}
              <tr className="border-t border-slate-100">
                <td className="py-1.5">
                  <a
                    href={fileHref(exportId, "manifest.json")}
                    className="font-mono text-xs text-indigo-700 hover:underline"
                    data-testid="manifest-link"
                  >
                    manifest.json
                  </a>
                </td>
                <td colSpan={2} className="text-xs text-slate-500">
                  kept local, not pushed: the hashes above and the content hash; check a copy with <code>sha256sum</code>
                </td>
              </tr>
            </tbody>
          </table>
          <h2 className="mb-2 mt-6 text-sm font-semibold uppercase tracking-wide text-slate-500">Judge task bundles (kept local)</h2>
          <p className="text-sm text-slate-700">
            {fmt(manifest.tasks.count)} bundles under <span className="font-mono">tasks/&lt;split&gt;/&lt;eval_id&gt;/</span>, each with{" "}
            <code>task/task.json</code> (whitelisted fields only), <code>task/review.patch</code> and <code>checkout.sh</code>. Each eval_id
            is an HMAC under a secret used once for this export; the mapping to instances stays in the database for scoring.
          </p>
          <p className="mt-2 text-xs">
            <a href={fileHref(exportId, "tasks/manifest.json")} className="font-mono text-indigo-700 hover:underline">
              tasks/manifest.json
            </a>
            {bundle && (
              <>
                {" · example: "}
                <a href={fileHref(exportId, `${bundle}/task/task.json`)} className="font-mono text-indigo-700 hover:underline">
                  task.json
                </a>
                {", "}
                <a href={fileHref(exportId, `${bundle}/task/review.patch`)} className="font-mono text-indigo-700 hover:underline">
                  review.patch
                </a>
                {", "}
                <a href={fileHref(exportId, `${bundle}/checkout.sh`)} className="font-mono text-indigo-700 hover:underline">
                  checkout.sh
                </a>
              </>
            )}
          </p>
        </section>
        <aside className="space-y-4">
          <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">Hugging Face Hub</h2>
            {record.hubCommit && (
              <p className="mb-3 rounded-md bg-emerald-50 px-3 py-2 text-xs text-emerald-900" data-testid="pushed-before">
                Pushed to {record.hubRepoId} at <span className="font-mono">{record.hubCommit.slice(0, 10)}</span>.
              </p>
            )}
            <PushForm exportId={exportId} target={`${c.HF_REPO_ID ?? "(HF_REPO_ID unset)"} on ${c.HF_ENDPOINT}`} missing={missing} />
          </section>
          <HubPushJobPanel />
        </aside>
      </div>
    </div>
  );
}
