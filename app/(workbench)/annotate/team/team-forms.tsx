"use client";
import { useActionState, useState } from "react";
import { useKeptForm } from "@/app/_components/use-kept-form";
import { ActionResult } from "../../screen/_components/action-form";
import { type AssignmentReadiness, assignableWith } from "@/lib/annotate/annotation-settings";
import { assignBatchAction, reassignAction, type TeamState } from "./actions";
import { counted } from "@/lib/text/plural";

type Annotator = { id: string; login: string; open: number };

export function AssignBatchForm({
  annotators,
  repositories,
  readiness,
}: {
  annotators: Annotator[];
  repositories: { repository: string; ready: number }[];
  readiness: AssignmentReadiness;
}) {
  const [state, action, pending] = useActionState<TeamState, FormData>(assignBatchAction, {});
  const [chosen, setChosen] = useState<string[]>(annotators.map((a) => a.id));
  const [overlap, setOverlap] = useState(readiness.overlap);
  const [withCandidates, setWithCandidates] = useState(false);
  const { unscreened } = readiness;
  // what this batch could assign before its filters: nothing means a disabled button saying so
  const assignable = assignableWith(readiness, overlap) + (withCandidates ? unscreened : 0);
  return (
    <form action={action} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="assign-batch-form">
      <h2 className="text-xs font-semibold uppercase text-slate-500">Assign a batch</h2>
      <fieldset>
        <legend className="text-xs font-medium text-slate-600">Annotators</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {annotators.map((a) => (
            <label key={a.id} className="flex items-center gap-1">
              <input
                type="checkbox"
                name="annotatorIds"
                value={a.id}
                checked={chosen.includes(a.id)}
                onChange={(e) => setChosen(e.target.checked ? [...chosen, a.id] : chosen.filter((id) => id !== a.id))}
                data-testid={`choose-${a.login}`}
              />
              {a.login} <span className="text-xs text-slate-500">({a.open} open)</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <label className="block">
          <span className="block text-xs font-medium text-slate-600">Repository</span>
          <select name="repository" className="mt-1 rounded-md border border-slate-300 px-2 py-1" data-testid="batch-repository">
            <option value="">any</option>
            {repositories.map((r) => (
              <option key={r.repository} value={r.repository}>
                {r.repository} ({r.ready} ready)
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="block text-xs font-medium text-slate-600">Pull request #</span>
          <input name="pullRequestNumber" inputMode="numeric" className="mt-1 w-24 rounded-md border border-slate-300 px-2 py-1" />
        </label>
        <label className="block">
          <span className="block text-xs font-medium text-slate-600">Comment or file contains</span>
          <input name="search" className="mt-1 w-48 rounded-md border border-slate-300 px-2 py-1" data-testid="batch-search" />
        </label>
        <label className="block">
          <span className="block text-xs font-medium text-slate-600">Annotators per instance</span>
          <input
            name="overlap"
            type="number"
            min={1}
            max={5}
            value={overlap}
            onChange={(e) => setOverlap(Number(e.target.value) || 1)}
            className="mt-1 w-20 rounded-md border border-slate-300 px-2 py-1"
          />
        </label>
        {unscreened > 0 && (
          <label className="flex items-center gap-1 text-xs" data-testid="batch-include-unscreened">
            <input
              type="checkbox"
              name="includeCandidates"
              checked={withCandidates}
              onChange={(e) => setWithCandidates(e.target.checked)}
            />{" "}
            also {unscreened} not yet through {readiness.screens}
          </label>
        )}
      </div>
      <p className="text-xs text-slate-600" data-testid="batch-assignable">
        {counted(assignable, "instance")} can take annotators at {overlap} per instance (before the filters above)
      </p>
      <button
        type="submit"
        disabled={pending || chosen.length === 0 || assignable === 0}
        className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700 disabled:bg-slate-300"
        data-testid="assign-batch"
      >
        {pending
          ? "Assigning…"
          : chosen.length === 0
            ? "Choose annotators first"
            : assignable === 0
              ? "Nothing to assign"
              : `Assign the batch to ${counted(chosen.length, "annotator")}`}
      </button>
      <ActionResult state={state} />
    </form>
  );
}

export function ReassignForm({ annotators }: { annotators: Annotator[] }) {
  // a refused move keeps both choices (React resets a form after its action)
  const { state, run: action, pending, kept, attempt } = useKeptForm<TeamState>(reassignAction, {});
  const select = (name: string, testId: string) => (
    <select
      key={attempt}
      id={testId}
      name={name}
      className="mt-1 block rounded-md border border-slate-300 px-2 py-1"
      data-testid={testId}
      defaultValue={kept(name) ?? ""}
    >
      <option value="" disabled>
        choose
      </option>
      {annotators.map((a) => (
        <option key={a.id} value={a.id}>
          {a.login} ({a.open} open)
        </option>
      ))}
    </select>
  );
  return (
    <form action={action} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="reassign-form">
      <h2 className="text-xs font-semibold uppercase text-slate-500">Reassign open items</h2>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="reassign-from" className="block text-xs font-medium text-slate-600">
            From
          </label>
          {select("fromAnnotatorId", "reassign-from")}
        </div>
        <div>
          <label htmlFor="reassign-to" className="block text-xs font-medium text-slate-600">
            To
          </label>
          {select("toAnnotatorId", "reassign-to")}
        </div>
        <label className="flex items-center gap-1 text-xs">
          <input
            key={attempt}
            type="checkbox"
            name="onlySkipped"
            defaultChecked={kept("onlySkipped") === "on"}
            data-testid="reassign-only-skipped"
          />{" "}
          only the ones they skipped
        </label>
        <button
          type="submit"
          disabled={pending}
          className="rounded-md border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50 disabled:opacity-50"
          data-testid="reassign"
        >
          {pending ? "Moving…" : "Move open items"}
        </button>
      </div>
      <ActionResult state={state} />
    </form>
  );
}
