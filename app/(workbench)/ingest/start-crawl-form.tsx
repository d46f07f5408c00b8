"use client";
import { useActionState } from "react";
import { startCrawlAction, type StartCrawlState } from "./actions";

export function StartCrawlForm({ githubConfigured }: { githubConfigured: boolean }) {
  const [state, action, pending] = useActionState<StartCrawlState, FormData>(startCrawlAction, {});
  return (
    <form action={action} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <label className="flex-1">
        <span className="block text-slate-600">Repositories (owner/name, blank = select by the paper&apos;s criteria)</span>
        <input
          name="repositories"
          placeholder="pandas-dev/pandas, ManimCommunity/manim"
          className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5"
        />
      </label>
      <label>
        <span className="block text-slate-600">Stop after (minutes)</span>
        <input
          name="maxMinutes"
          type="number"
          defaultValue={50}
          min={1}
          max={600}
          className="mt-1 w-24 rounded-md border border-slate-300 px-2 py-1.5"
        />
      </label>
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700 disabled:opacity-60"
      >
        {pending ? "Starting…" : "Start crawl"}
      </button>
      {!githubConfigured && (
        <p className="w-full text-amber-800">
          GITHUB_TOKEN is not set, so crawling is off. `npm run ingest` and the cron route need it too.
        </p>
      )}
      {state.error && (
        <p role="alert" className="w-full text-red-700">
          {state.error}
        </p>
      )}
      {state.message && <p className="w-full text-emerald-700">{state.message}</p>}
    </form>
  );
}
