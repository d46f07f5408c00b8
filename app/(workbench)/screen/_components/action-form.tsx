"use client";
import { useActionState, type ReactNode } from "react";
import { useFormStatus } from "react-dom";
import type { ActionState } from "../actions";

type ServerAction = (prev: ActionState, form: FormData) => Promise<ActionState>;

/** A form posting to a server action, with the action's message or errors shown under it. */
export function ActionForm({
  action,
  children,
  testId,
  className,
}: {
  action: ServerAction;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  const [state, formAction] = useActionState(action, {});
  return (
    <form action={formAction} data-testid={testId} className={className}>
      {children}
      <ActionResult state={state} />
    </form>
  );
}

export function ActionResult({ state }: { state: ActionState }) {
  if (state.error) {
    return (
      <div role="alert" className="mt-2 rounded-md border border-rose-200 bg-rose-50 p-2 text-sm text-rose-800" data-testid="action-error">
        <p>{state.error}</p>
        {state.errors && state.errors.length > 0 && (
          <ul className="mt-1 list-disc pl-5" data-testid="action-errors">
            {state.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  if (state.message) {
    return (
      <p
        role="status"
        className="mt-2 rounded-md border border-emerald-200 bg-emerald-50 p-2 text-sm text-emerald-800"
        data-testid="action-message"
      >
        {state.message}
      </p>
    );
  }
  return null;
}

const VARIANTS = {
  primary: "bg-indigo-600 text-white hover:bg-indigo-700",
  secondary: "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
  danger: "border border-rose-300 bg-white text-rose-700 hover:bg-rose-50",
  keep: "bg-emerald-700 text-white hover:bg-emerald-800",
} as const;

export function SubmitButton({
  children,
  pendingLabel,
  name,
  value,
  variant = "primary",
  testId,
}: {
  children: ReactNode;
  pendingLabel?: string;
  name?: string;
  value?: string;
  variant?: keyof typeof VARIANTS;
  testId?: string;
}) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={pending}
      data-testid={testId}
      className={`whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-60 ${VARIANTS[variant]}`}
    >
      {pending ? (pendingLabel ?? "Working…") : children}
    </button>
  );
}
