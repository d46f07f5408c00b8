"use client";
import { useActionState, useState } from "react";
import { assignAction, type AssignState } from "./actions";

export function AssignForm({
  overlap,
  ready,
  unscreened,
  screens,
}: {
  overlap: number;
  ready: number;
  unscreened: number;
  screens: string;
}) {
  const [state, action, pending] = useActionState<AssignState, FormData>(assignAction, {});
  const [withCandidates, setWithCandidates] = useState(false);
  const assignable = ready + (withCandidates ? unscreened : 0);
  return (
    <form
      action={action}
      className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4 text-sm"
      data-testid="assign-form"
    >
      <div>
        <label htmlFor="overlap" className="block text-xs font-medium text-slate-600">
          Annotators per instance
        </label>
        <input
          id="overlap"
          name="overlap"
          type="number"
          min={1}
          max={5}
          defaultValue={overlap}
          className="mt-1 w-20 rounded-md border border-slate-300 px-2 py-1"
        />
      </div>
      <p className="text-xs text-slate-600" data-testid="assign-ready-count">
        {ready} ready: through {screens}.
      </p>
      {unscreened > 0 && (
        <label className="flex items-center gap-2 text-xs text-slate-700" data-testid="assign-include-unscreened">
          <input type="checkbox" name="includeCandidates" checked={withCandidates} onChange={(e) => setWithCandidates(e.target.checked)} />{" "}
          Also assign {unscreened} not yet through {screens}
        </label>
      )}
      <button
        type="submit"
        disabled={pending || assignable === 0}
        className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700 disabled:bg-slate-300"
        data-testid="assign-ready"
      >
        {pending
          ? "Assigning…"
          : assignable === 0
            ? "Nothing ready to assign"
            : `Assign ${assignable} instance${assignable === 1 ? "" : "s"}`}
      </button>
      {state.message && (
        <p role="status" className="w-full text-xs text-emerald-800">
          {state.message}
        </p>
      )}
      {state.error && (
        <p role="alert" className="w-full text-xs text-rose-700">
          {state.error}
        </p>
      )}
    </form>
  );
}
