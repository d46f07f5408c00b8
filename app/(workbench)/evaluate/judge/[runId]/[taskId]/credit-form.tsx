"use client";
import { useActionState } from "react";
import type { FormState } from "@/lib/http/form-state";
import { grantCreditAction } from "../../actions";

export function RepairCreditForm({ runId, taskId, steps }: { runId: string; taskId: string; steps: number }) {
  const [state, action, pending] = useActionState<FormState, FormData>(grantCreditAction, {});
  return (
    <form action={action} className="space-y-2 text-sm" data-testid="credit-form">
      <input type="hidden" name="runId" value={runId} />
      <input type="hidden" name="taskId" value={taskId} />
      <p className="text-xs text-slate-600">
        The paper&apos;s rule (ii): the model explicitly identified and correctly repaired a technical error in the judged comment. The task
        then counts as correct in the credited score, whatever it submitted.
      </p>
      <label className="block">
        <span className="text-xs font-medium text-slate-600">Step where it did so</span>
        <select name="step" className="mt-1 block rounded-md border border-slate-300 px-2 py-1">
          {Array.from({ length: steps }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              step {i + 1}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        <span className="text-xs font-medium text-slate-600">Evidence: what it found and how it repaired it</span>
        <textarea name="note" required maxLength={2000} rows={3} className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1" />
      </label>
      {state.error && (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-rose-800">
          {state.error}
        </p>
      )}
      <button
        type="submit"
        disabled={pending || steps === 0}
        className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
      >
        Grant repair credit
      </button>
    </form>
  );
}
