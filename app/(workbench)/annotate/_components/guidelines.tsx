import { LABEL_VALUES } from "@/lib/annotate/label-schemas";
import { LABEL_DEFINITIONS, RUBRIC_VERBATIM } from "@/lib/annotate/label-rubric";

/** The annotation guidelines: the paper's rubric (Appendix A.1.1) and the three labels. */
export function Guidelines({ open = false }: { open?: boolean }) {
  return (
    <details open={open} className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="guidelines">
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
