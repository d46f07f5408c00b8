"use client";
// The adjudicator's decision: one of the three labels and a rationale, final once saved.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { shortcutFor } from "@/lib/annotate/keyboard-shortcuts";
import { LABEL_VALUES, type LabelValue } from "@/lib/annotate/label-schemas";
import { LABEL_DEFINITIONS } from "@/lib/annotate/label-rubric";
import { apiFetch } from "@/lib/http/api-client";

export function AdjudicationPanel({ instanceId }: { instanceId: string }) {
  const router = useRouter();
  const [value, setValue] = useState<LabelValue | null>(null);
  const [rationale, setRationale] = useState("");
  const ref = useRef<HTMLTextAreaElement>(null);
  const decide = useMutation({
    mutationFn: () =>
      apiFetch(`/api/instances/${instanceId}/adjudication`, {
        method: "POST",
        body: JSON.stringify({ value, rationale: rationale.trim() }),
      }),
    retry: 2,
    onSuccess: () => router.refresh(),
  });
  const valid = value !== null && rationale.trim().length >= 3;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      const action = shortcutFor({
        key: e.key,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        altKey: e.altKey,
        inTextField: !!el && (el.tagName === "TEXTAREA" || el.tagName === "INPUT"),
      });
      if (action?.kind === "label") {
        setValue(action.value);
        e.preventDefault();
        if (!rationale) ref.current?.focus();
      } else if (action?.kind === "focus-rationale") {
        ref.current?.focus();
        e.preventDefault();
      } else if (action?.kind === "save" && valid && !decide.isPending) {
        decide.mutate();
        e.preventDefault();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [rationale, valid, decide]);
  return (
    <section className="rounded-lg border-2 border-indigo-300 bg-white p-4" data-testid="adjudication-panel">
      <h2 className="mb-2 text-xs font-semibold uppercase text-indigo-700">Your decision (final)</h2>
      {/* one line each at the aside's width ("Untrustworthy 2" wrapped in equal thirds at 1280 px) */}
      <div className="flex gap-2" role="radiogroup" aria-label="Decision">
        {LABEL_VALUES.map((v) => (
          <button
            key={v}
            type="button"
            role="radio"
            aria-checked={value === v}
            onClick={() => setValue(v)}
            data-testid={`decide-${v}`}
            className={`flex-auto whitespace-nowrap rounded-md border px-1.5 py-2 text-sm font-medium ${value === v ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 hover:bg-slate-50"}`}
          >
            {LABEL_DEFINITIONS[v].title} <span className="font-mono text-xs opacity-70">{LABEL_DEFINITIONS[v].key}</span>
          </button>
        ))}
      </div>
      <textarea
        ref={ref}
        value={rationale}
        onChange={(e) => setRationale(e.target.value)}
        rows={4}
        data-testid="adjudication-rationale"
        placeholder="Why this label: what settles the disagreement?"
        className="mt-3 w-full rounded-md border border-slate-300 p-2 text-sm focus:border-indigo-500 focus:outline-none"
      />
      <button
        type="button"
        disabled={!valid || decide.isPending}
        onClick={() => decide.mutate()}
        data-testid="save-adjudication"
        className="mt-2 rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:bg-slate-300"
      >
        {decide.isPending ? "Saving…" : "Decide"} <span className="font-mono text-xs opacity-80">Ctrl+↵</span>
      </button>
      {decide.error && (
        <p role="alert" className="mt-2 text-xs text-rose-700">
          {decide.error.message}
        </p>
      )}
    </section>
  );
}
