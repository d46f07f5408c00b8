"use client";
import { useEffect, useRef } from "react";
import { LABEL_VALUES } from "@/lib/annotate/label-schemas";
import { LABEL_DEFINITIONS, RUBRIC_VERBATIM } from "@/lib/annotate/label-rubric";

/** Remembers, per browser, that the user folded the guidelines away; until then they show open. */
const FOLDED_KEY = "workbench.guidelines-folded";

/**
 * The annotation guidelines: the paper's rubric (Appendix A.1.1) and the three labels. Open on a
 * first visit, so a new annotator reads them before the first label; folded once the user folds them.
 */
export function Guidelines() {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (details.current && window.localStorage.getItem(FOLDED_KEY) === "1") details.current.open = false;
  }, []);
  return (
    <details
      ref={details}
      open
      onToggle={(event) => window.localStorage.setItem(FOLDED_KEY, event.currentTarget.open ? "0" : "1")}
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
      data-testid="guidelines"
    >
      <summary className="cursor-pointer text-xs font-semibold uppercase text-slate-500">Guidelines</summary>
      <dl className="mt-3 space-y-2">
        {LABEL_VALUES.map((v) => (
          <div key={v}>
            <dt className="font-medium">
              {LABEL_DEFINITIONS[v].title}{" "}
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono text-xs">{LABEL_DEFINITIONS[v].key}</kbd>
            </dt>
            <dd className="text-slate-600">{LABEL_DEFINITIONS[v].meaning}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 text-xs font-semibold uppercase text-slate-500">Rubric (CRJudgeBench, Appendix A.1.1)</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
        {RUBRIC_VERBATIM.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </details>
  );
}
