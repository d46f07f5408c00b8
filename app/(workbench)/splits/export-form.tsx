"use client";
import { useActionState } from "react";
import { DEFAULT_EXPORT_PROFILE, EXPORT_PROFILE_LABELS, ExportProfileSchema } from "@/lib/export/export-profile";
import { DATASET_LICENSES, DEFAULT_LICENSE_ID, RELEASED_SOURCE_NAMES } from "@/lib/export/export-conventions";
import { exportSplitAction, type ActionState } from "./actions";

const FIELD = "mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:border-indigo-500 focus:outline-none";

export function ExportForm({ splitRunId, defaultTitle, disabled }: { splitRunId: string; defaultTitle: string; disabled: boolean }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(exportSplitAction, {});
  return (
    <form action={action} className="space-y-3" data-testid="export-form">
      <input type="hidden" name="splitRunId" value={splitRunId} />
      <label className="block">
        <span className="text-xs font-medium text-slate-600">Dataset title (the card&apos;s heading and pretty_name)</span>
        <input name="title" defaultValue={defaultTitle} required maxLength={120} className={FIELD} />
      </label>
      <fieldset>
        <legend className="text-xs font-medium text-slate-600">Layout of the published files</legend>
        {ExportProfileSchema.options.map((profile) => (
          <label key={profile} className="mt-1 flex items-start gap-2 text-sm text-slate-700">
            <input type="radio" name="profile" value={profile} defaultChecked={profile === DEFAULT_EXPORT_PROFILE} className="mt-1" />
            <span>{EXPORT_PROFILE_LABELS[profile]}</span>
          </label>
        ))}
        <p className="mt-1 text-xs text-slate-500">
          The manifest and the judge task bundles stay private beside the export and are never pushed.
        </p>
      </fieldset>
      <label className="block">
        <span className="text-xs font-medium text-slate-600">
          License of the dataset&apos;s own contributions (the card&apos;s license)
        </span>
        <select name="license" defaultValue={DEFAULT_LICENSE_ID} className={FIELD}>
          {Object.entries(DATASET_LICENSES).map(([id, name]) => (
            <option key={id} value={id}>
              {name} ({id})
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend className="text-xs font-medium text-slate-600">
          Words in the <code>source</code> field (the release&apos;s by default; an imported row keeps its own unless you change them)
        </legend>
        <div className="mt-1 grid grid-cols-2 gap-2">
          <label className="block">
            <span className="text-xs text-slate-500">Crawled, human-annotated rows</span>
            <input name="sourceHuman" defaultValue={RELEASED_SOURCE_NAMES.human} required maxLength={64} className={FIELD} />
          </label>
          <label className="block">
            <span className="text-xs text-slate-500">Perturbed rows</span>
            <input name="sourcePerturbation" defaultValue={RELEASED_SOURCE_NAMES.perturbation} required maxLength={64} className={FIELD} />
          </label>
        </div>
      </fieldset>
      {state.error && (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800" data-testid="export-error">
          {state.error}
        </p>
      )}
      {state.message && (
        <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="export-queued">
          {state.message}
        </p>
      )}
      <button
        type="submit"
        disabled={pending || disabled}
        className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
      >
        {pending ? "Queueing…" : "Export this split"}
      </button>
    </form>
  );
}
