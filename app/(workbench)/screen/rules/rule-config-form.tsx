"use client";
import { startTransition, useActionState, type FormEvent } from "react";
import { saveRulesAction, type ActionState } from "../actions";
import { ActionResult } from "../_components/action-form";

const NUMBERS = [
  {
    name: "minPrDescriptionWords",
    label: "Minimum PR description words",
    help: "Paper: PRs whose descriptions have fewer than 40 words are excluded.",
  },
  {
    name: "maxPatchChars",
    label: "Maximum patch characters",
    help: "Paper: instances whose patches exceed 200,000 characters are excluded.",
  },
  {
    name: "minCommentChars",
    label: "Minimum comment characters",
    help: "Paper: comments under 10 characters after trimming whitespace are excluded.",
  },
  {
    name: "lgtmMaxChars",
    label: "“LGTM…” comments dropped below",
    help: "Paper: comments that begin with LGTM and have fewer than 30 characters.",
  },
] as const;

const LISTS = [
  { name: "knownBots", label: "Known bot logins", help: "One login per line; compared without case and without “[bot]”." },
  {
    name: "botNamePatterns",
    label: "Bot name patterns",
    help: "One regular expression per line, matched case-insensitively against the login.",
  },
  {
    name: "acknowledgements",
    label: "Brief acknowledgements",
    help: "One phrase per line; a comment made only of these (and connectors) is dropped.",
  },
  {
    name: "acknowledgementConnectors",
    label: "Connecting words",
    help: "Filler allowed between acknowledgements (“and”, “in the latest commit”).",
  },
] as const;

export function RuleConfigForm({ initial }: { initial: Record<string, string> }) {
  const [state, action, pending] = useActionState<ActionState, FormData>(saveRulesAction, {});
  // Submitted by hand rather than through <form action>: React resets a form after its action
  // runs, which would throw away the user's edits exactly when they need fixing.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const form = new FormData(event.currentTarget, submitter);
    startTransition(() => action(form));
  };
  const button = "rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-60";
  return (
    <form onSubmit={submit} className="space-y-5" data-testid="rule-config-form">
      <section className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-2">
        {NUMBERS.map((f) => (
          <label key={f.name} className="block">
            <span className="text-sm font-medium text-slate-700">{f.label}</span>
            <input
              name={f.name}
              defaultValue={initial[f.name]}
              inputMode="numeric"
              aria-describedby={`${f.name}-help`}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-1.5 font-mono text-sm focus:border-indigo-500 focus:outline-none"
            />
            <span id={`${f.name}-help`} className="mt-1 block text-xs text-slate-500">
              {f.help}
            </span>
          </label>
        ))}
      </section>
      <section className="grid gap-4 md:grid-cols-2">
        {LISTS.map((f) => (
          <label key={f.name} className="block rounded-lg border border-slate-200 bg-white p-4">
            <span className="text-sm font-medium text-slate-700">{f.label}</span>
            <span className="block text-xs text-slate-500">{f.help}</span>
            <textarea
              name={f.name}
              defaultValue={initial[f.name]}
              rows={10}
              spellCheck={false}
              className="mt-2 w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs focus:border-indigo-500 focus:outline-none"
            />
          </label>
        ))}
      </section>
      <div className="sticky bottom-0 -mx-2 border-t border-slate-200 bg-slate-50/95 px-2 py-3">
        <ActionResult state={state} />
        <div className="mt-2 flex gap-2">
          <button
            type="submit"
            name="intent"
            value="save"
            disabled={pending}
            data-testid="save-rules"
            className={`${button} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
          >
            {pending ? "Working…" : "Save"}
          </button>
          <button
            type="submit"
            name="intent"
            value="save-and-run"
            disabled={pending}
            data-testid="save-and-run-rules"
            className={`${button} bg-indigo-600 text-white hover:bg-indigo-700`}
          >
            {pending ? "Working…" : "Save and re-run rule filters"}
          </button>
        </div>
      </div>
    </form>
  );
}
