"use client";
import { useActionState } from "react";
import { pushExportAction, type ActionState } from "./actions";

export function PushForm({ exportId, target, missing }: { exportId: string; target: string; missing: string | null }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(pushExportAction, {});
  return (
    <form action={action} className="space-y-3" data-testid="push-form">
      <input type="hidden" name="exportId" value={exportId} />
      <p className="text-xs text-slate-600">
        Target: <span className="font-mono">{target}</span>
      </p>
      {missing && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900" data-testid="hub-not-configured">
          {missing}
        </p>
      )}
      <label className="flex items-center gap-2 text-xs text-slate-600">
        <input type="checkbox" name="createIfMissing" /> Create the dataset repository (private) if it does not exist
      </label>
      {state.error && (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800" data-testid="push-error">
          {state.error}
        </p>
      )}
      {state.message && (
        <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="push-queued">
          {state.message}
        </p>
      )}
      <button
        type="submit"
        disabled={pending || missing !== null}
        className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
      >
        {pending ? "Queueing…" : "Push to the Hub"}
      </button>
    </form>
  );
}
