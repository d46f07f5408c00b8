import Link from "next/link";
import type { QueueFinished } from "@/lib/annotate/after-submit";

/** After submit-and-advance: the label of the item left behind was saved, with a link back to it. */
export function JustSavedNote({ saved }: { saved: { instanceId: string; caption: string; valueTitle: string; at: string } }) {
  return (
    <p
      role="status"
      className="mb-3 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-xs text-emerald-900"
      data-testid="just-saved"
    >
      Your label on the previous item was saved ({saved.valueTitle}, {saved.at} UTC):{" "}
      <Link href={`/annotate/${encodeURIComponent(saved.instanceId)}`} className="underline">
        {saved.caption}
      </Link>
    </p>
  );
}

/** The last item labelled: the queue is finished, and what to do next. */
export function QueueFinishedNote({ finished }: { finished: QueueFinished }) {
  return (
    <section
      className="mt-2 rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-xs text-indigo-950"
      data-testid="queue-finished"
      aria-label="Queue finished"
    >
      {finished.lines.map((line) => (
        <p key={line} className="mt-1 first:mt-0">
          {line}
        </p>
      ))}
      <p className="mt-2 flex flex-wrap gap-3">
        {finished.links.map((l) => (
          <Link key={l.href} href={l.href} className="font-medium underline">
            {l.words}
          </Link>
        ))}
      </p>
    </section>
  );
}
