"use client";
import { useActionState } from "react";
import type { FormState } from "@/lib/http/form-state";
import { acceptMissingAction, reopenHolesAction } from "./actions";

const BUTTON = "rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-50";

/**
 * What a person can do with a repository's given-up pull requests: retry them (at the next crawl, or in
 * a crawl of the repository queued now), or accept one as missing, so runs stop saying partial for it.
 */
export function ReopenHolesForm({ repository, holeKey }: { repository: string; holeKey: string }) {
  const [reopened, reopen, reopening] = useActionState<FormState, FormData>(reopenHolesAction, {});
  const [accepted, accept, accepting] = useActionState<FormState, FormData>(acceptMissingAction, {});
  const message = accepted.message ?? reopened.message;
  const error = accepted.error ?? reopened.error;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <form action={reopen} className="inline" data-testid="reopen-holes">
        <input type="hidden" name="repository" value={repository} />
        <button type="submit" disabled={reopening} className={BUTTON}>
          {reopening ? "Reopening…" : "Retry at the next crawl"}
        </button>
      </form>
      <form action={reopen} className="inline" data-testid="retry-holes-now">
        <input type="hidden" name="repository" value={repository} />
        <input type="hidden" name="now" value="1" />
        <button type="submit" disabled={reopening} className={BUTTON}>
          Retry given-up PRs now
        </button>
      </form>
      <form action={accept} className="inline" data-testid="accept-missing">
        <input type="hidden" name="repository" value={repository} />
        <input type="hidden" name="key" value={holeKey} />
        <button type="submit" disabled={accepting} className={BUTTON}>
          {accepting ? "Accepting…" : "Accept as missing"}
        </button>
      </form>
      {message && <span className="ml-2 text-xs text-emerald-700">{message}</span>}
      {error && (
        <span role="alert" className="ml-2 text-xs text-rose-700">
          {error}
        </span>
      )}
    </span>
  );
}
