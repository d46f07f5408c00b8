import Link from "next/link";
import { requirePageRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { loadAdjudicationQueue } from "@/lib/annotate/adjudication-queue";
import { LabelBadge } from "../annotate/_components/lead-panel";
import { BidiText } from "@/app/_components/bidi-text";

export default async function AdjudicateQueuePage() {
  const user = await requirePageRole("adjudicator");
  const { open, decided, attention } = await loadAdjudicationQueue(await getPrisma(), user);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Adjudication</h1>
        <p className="text-sm text-slate-600">
          Instances whose annotators disagreed. You see both labels and rationales; your decision is final and recorded.
        </p>
      </div>
      {open.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600"
          data-testid="no-disagreements"
        >
          No disagreements waiting.
        </p>
      ) : (
        <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm" data-testid="adjudication-queue">
          <thead className="bg-slate-50 text-left text-slate-500">
            <tr>
              <th className="px-3 py-2">Repository · PR</th>
              <th className="px-3 py-2">Comment</th>
              <th className="px-3 py-2">Labels</th>
              <th className="px-3 py-2" />
            </tr>
          </thead>
          <tbody>
            {open.map((i) => (
              <tr key={i.id} className="border-t border-slate-100" data-testid="adjudication-row" data-instance-id={i.id}>
                <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">
                  {i.repo}#{i.prNumber}
                </td>
                <td className="max-w-lg truncate px-3 py-2">
                  <BidiText text={i.excerpt} />
                </td>
                <td className="space-x-1 px-3 py-2">
                  {i.labels.map((l) => (
                    <span key={l.annotator} title={l.annotator}>
                      <LabelBadge value={l.value} />
                    </span>
                  ))}
                </td>
                <td className="px-3 py-2 text-right">
                  {i.ownInstance ? (
                    <span className="text-xs text-slate-500">you annotated it</span>
                  ) : (
                    <Link
                      href={`/adjudicate/${i.id}`}
                      className="rounded-md bg-indigo-600 px-3 py-1 text-xs font-medium text-white hover:bg-indigo-700"
                      data-testid="adjudicate-link"
                    >
                      Decide
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section>
        <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
          Flagged for discussion or skipped <span className="font-mono">({attention.length})</span>
        </h2>
        {attention.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="no-attention">
            No annotator has flagged or skipped an instance.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm" data-testid="attention">
            {attention.map((a) => (
              <li key={a.id} className="flex items-center gap-3 px-3 py-2" data-testid="attention-row" data-instance-id={a.id}>
                <span className="font-mono text-xs">
                  {a.repo}#{a.prNumber}
                </span>
                <Link href={`/annotate/${a.id}`} className="min-w-0 flex-1 truncate text-indigo-700 hover:underline">
                  <BidiText text={a.excerpt} />
                </Link>
                <span className="text-xs text-slate-600">
                  {[
                    a.flaggedBy.length > 0 ? `flagged by ${a.flaggedBy.join(", ")}` : "",
                    a.skippedBy.length > 0 ? `skipped by ${a.skippedBy.join(", ")}` : "",
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {decided.length > 0 && (
        <section>
          <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Recently decided</h2>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm" data-testid="decided">
            {decided.map((d) => (
              <li key={d.id} className="flex items-center gap-3 px-3 py-2">
                <span className="font-mono text-xs">
                  {d.repo}#{d.prNumber}
                </span>
                <Link href={`/annotate/${d.id}`} className="min-w-0 flex-1 truncate text-indigo-700 hover:underline">
                  <BidiText text={d.excerpt} />
                </Link>
                <LabelBadge value={d.value} />
                <span className="text-xs text-slate-500">
                  by {d.by} · {d.at.toISOString().slice(0, 10)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
