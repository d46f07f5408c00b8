"use client";
import { useActionState } from "react";
import { createSplitAction, type ActionState } from "./actions";

const input = "mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:border-indigo-500 focus:outline-none";

export function CreateSplitForm({ disabled }: { disabled: boolean }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(createSplitAction, {});
  return (
    <form action={action} className="space-y-3" data-testid="create-split-form">
      <div className="grid grid-cols-3 gap-3">
        <label className="block">
          <span className="text-xs font-medium text-slate-600">Seed</span>
          <input name="seed" type="number" step={1} defaultValue={42} required className={input} />
        </label>
        <label className="block">
          <span className="text-xs font-medium text-slate-600">Test share</span>
          <input name="testShare" type="number" step="0.01" min="0.01" max="0.99" defaultValue={0.3} required className={input} />
        </label>
        <label className="block">
          <span className="text-xs font-medium text-slate-600">Validation share</span>
          <input name="validationShare" type="number" step="0.01" min="0" max="0.99" defaultValue={0.15} required className={input} />
        </label>
      </div>
      <p className="text-xs text-slate-500">
        Test takes the test share of each class; validation takes its share of what remains (the train pool). The paper used seed 42, 0.3
        and 0.15.
      </p>
      {state.error && (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800" data-testid="split-error">
          {state.error}
        </p>
      )}
      <button
        type="submit"
        disabled={pending || disabled}
        className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
      >
        {pending ? "Splitting…" : "Create split"}
      </button>
    </form>
  );
}
