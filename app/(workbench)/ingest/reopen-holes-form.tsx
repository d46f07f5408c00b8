"use client";
import { useActionState } from "react";
import type { FormState } from "@/lib/http/form-state";
import { reopenHolesAction } from "./actions";

/** "Retry": the given-up pull requests of one repository are listed again by the next crawl. */
export function ReopenHolesForm({ repository }: { repository: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(reopenHolesAction, {});
  return (
    <form action={action} className="inline" data-testid="reopen-holes">
      <input type="hidden" name="repository" value={repository} />
      <button type="submit" disabled={pending} className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-50">
        {pending ? "Reopening…" : "Retry at the next crawl"}
      </button>
      {state.message && <span className="ml-2 text-xs text-emerald-700">{state.message}</span>}
      {state.error && (
        <span role="alert" className="ml-2 text-xs text-rose-700">
          {state.error}
        </span>
      )}
    </form>
  );
}
