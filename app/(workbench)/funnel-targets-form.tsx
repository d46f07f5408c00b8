"use client";
import { useActionState } from "react";
import type { FormState } from "@/lib/http/form-state";
import { FUNNEL_STAGE_NAMES, FUNNEL_STAGES, type FunnelTargets } from "@/lib/overview/pipeline-funnel";
import { saveFunnelTargetsAction } from "./funnel-actions";

/** The team's targets per stage (admin): empty for none; "Use the paper's" goes back to the default. */
export function FunnelTargetsForm({ targets }: { targets: FunnelTargets }) {
  const [state, action, pending] = useActionState<FormState, FormData>(saveFunnelTargetsAction, {});
  return (
    <details className="text-sm" data-testid="funnel-targets">
      <summary className="cursor-pointer text-slate-600">Set the team's targets</summary>
      <form action={action} className="mt-2 grid max-w-xl grid-cols-2 gap-2">
        {FUNNEL_STAGES.map((stage) => (
          <label key={stage} className="contents">
            <span className="self-center text-slate-700">{FUNNEL_STAGE_NAMES[stage]}</span>
            <input
              name={stage}
              inputMode="numeric"
              defaultValue={targets[stage] ?? ""}
              className="rounded-md border border-slate-300 px-2 py-1 font-mono"
            />
          </label>
        ))}
        <div className="col-span-2 flex gap-2">
          <button
            type="submit"
            name="reset"
            value="0"
            disabled={pending}
            className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
          >
            Save targets
          </button>
          <button
            type="submit"
            name="reset"
            value="1"
            disabled={pending}
            className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
          >
            Use the paper's
          </button>
        </div>
        {(state.error || state.message) && (
          <p role={state.error ? "alert" : "status"} className={`col-span-2 ${state.error ? "text-rose-800" : "text-emerald-800"}`}>
            {state.error ?? state.message}
          </p>
        )}
      </form>
    </details>
  );
}
