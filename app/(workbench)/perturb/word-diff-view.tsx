import type { WordDiffSegment } from "@/lib/perturb/word-diff";
import { BidiText } from "@/app/_components/bidi-text";

/** A word diff inline: removed words struck through in red, added words in green. */
export function WordDiffView({ segments, className = "" }: { segments: readonly WordDiffSegment[]; className?: string }) {
  return (
    <p className={`whitespace-pre-wrap break-words text-sm leading-relaxed ${className}`} data-testid="word-diff">
      {segments.map((s, i) =>
        s.kind === "same" ? (
          <span key={i}>
            <BidiText text={s.text} />
          </span>
        ) : s.kind === "added" ? (
          <ins key={i} className="rounded bg-emerald-100 px-0.5 text-emerald-900 no-underline" data-testid="diff-added">
            <BidiText text={s.text} />
          </ins>
        ) : (
          <del key={i} className="rounded bg-rose-100 px-0.5 text-rose-900" data-testid="diff-removed">
            <BidiText text={s.text} />
          </del>
        ),
      )}
    </p>
  );
}

const KIND_STYLE = {
  negation: "bg-violet-100 text-violet-800",
  symbol: "bg-sky-100 text-sky-800",
  location: "bg-amber-100 text-amber-800",
} as const;

export function KindBadge({ kind }: { kind: keyof typeof KIND_STYLE }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${KIND_STYLE[kind]}`}>{kind}</span>;
}

const STATUS_STYLE = {
  pending: "bg-slate-100 text-slate-700",
  accepted: "bg-emerald-100 text-emerald-800",
  rejected: "bg-rose-100 text-rose-800",
} as const;

export function StatusBadge({ status }: { status: keyof typeof STATUS_STYLE }) {
  const label = status === "accepted" ? "accepted · negative" : status === "rejected" ? "rejected · lineage only" : "pending verification";
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs ${STATUS_STYLE[status]}`} data-testid="verification-status">
      {label}
    </span>
  );
}

/** A diff hunk as review comments show it: header, then +/- lines. */
export function HunkView({ hunk, testId }: { hunk: string | null; testId?: string }) {
  if (!hunk) return <p className="text-xs text-slate-500">(no diff hunk: a PR-level comment)</p>;
  return (
    <pre
      className="max-h-72 overflow-auto rounded-md border border-slate-200 bg-white p-2 font-mono text-xs leading-5"
      data-testid={testId}
      // a scrolling region must be reachable by keyboard
      // biome-ignore lint/a11y/noNoninteractiveTabindex: axe's scrollable-region-focusable asks for exactly this
      tabIndex={0}
    >
      {hunk.split("\n").map((line, i) => (
        <div
          key={i}
          className={
            line.startsWith("@@") ? "text-indigo-700" : line.startsWith("+") ? "bg-emerald-50" : line.startsWith("-") ? "bg-rose-50" : ""
          }
        >
          {line || " "}
        </div>
      ))}
    </pre>
  );
}
