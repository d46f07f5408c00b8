"use client";
// What a page shows when rendering it or one of its form actions failed, instead of Next's bare
// "This page couldn't load". A production build hides server messages from the browser, so this
// says what the user can do and gives the reference an admin finds in the server log.
import { HomeLink } from "./home-link";

export default function WorkbenchError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="mx-auto mt-12 max-w-xl rounded-xl border border-red-200 bg-white p-6">
      <h1 className="text-lg font-semibold text-red-800">This action could not be completed</h1>
      <p className="mt-2 text-slate-700">
        Reload the page to see what was saved, then try again; if it fails again, an admin can look it up in the server log
        {error.digest ? (
          <>
            {" "}
            under reference <code className="rounded bg-slate-100 px-1">{error.digest}</code>
          </>
        ) : null}
        .
      </p>
      <div className="mt-4 flex gap-3">
        <button type="button" onClick={reset} className="rounded-md bg-indigo-600 px-3 py-1.5 text-white hover:bg-indigo-700">
          Try again
        </button>
        <HomeLink className="rounded-md border border-slate-300 px-3 py-1.5 text-slate-700 hover:bg-slate-50" />
      </div>
    </div>
  );
}
