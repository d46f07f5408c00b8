"use client";
// The rest of the PR timeline, hidden until the viewer has labelled (it can leak the answer).
// The server enforces this too: the timeline route answers 403 before a label exists.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Markdown } from "@/app/_components/markdown";
import { instanceKeys } from "@/lib/annotate/query-keys";
import { apiFetch } from "@/lib/http/api-client";
import type { OwnLabel } from "./own-label";

interface Entry {
  id: string;
  kind: string;
  author: string | null;
  authorType: string | null;
  createdAt: string;
  body: string;
  path: string | null;
  reviewState: string | null;
  sha: string | null;
  isTarget: boolean;
}

const KIND_LABEL: Record<string, string> = {
  commit: "commit",
  pr_comment: "comment",
  inline: "inline comment",
  inline_reply: "reply",
  review: "review",
};

export function TimelineReveal({ instanceId, lead }: { instanceId: string; lead: boolean }) {
  const [revealed, setRevealed] = useState(false);
  // the own-label query is filled by the label panel (hydrated from the server, then optimistic)
  const { data: own } = useQuery<OwnLabel | null>({ queryKey: instanceKeys.ownLabel(instanceId), enabled: false });
  const unlocked = lead || (!!own && !own.pending);
  const timeline = useQuery({
    queryKey: instanceKeys.timeline(instanceId),
    queryFn: () => apiFetch<{ entries: Entry[] }>(`/api/instances/${instanceId}/timeline`),
    enabled: revealed && unlocked,
  });
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid="timeline">
      <div className="flex items-center justify-between">
        <h2 className="text-xs font-semibold uppercase text-slate-500">Rest of the PR timeline</h2>
        {!revealed && (
          <button
            type="button"
            disabled={!unlocked}
            onClick={() => setRevealed(true)}
            data-testid="reveal-timeline"
            className="rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
          >
            Reveal timeline
          </button>
        )}
      </div>
      {!revealed && (
        <p className="mt-2 text-xs text-slate-500">
          {unlocked
            ? "Replies, later commits and reviews can give the answer away; read them after deciding."
            : "Hidden until you have saved your label: replies and later commits can give the answer away."}
        </p>
      )}
      {revealed && timeline.isPending && <p className="mt-2 text-xs text-slate-500">Loading…</p>}
      {revealed && timeline.error && (
        <p className="mt-2 text-xs text-rose-700" role="alert">
          {timeline.error.message}
        </p>
      )}
      {timeline.data && (
        <ol className="mt-3 space-y-3" data-testid="timeline-entries">
          {timeline.data.entries.map((e) => (
            <li key={e.id} className={`rounded-md border p-3 ${e.isTarget ? "border-amber-300 bg-amber-50" : "border-slate-100"}`}>
              <p className="mb-1 font-mono text-xs text-slate-500">
                {KIND_LABEL[e.kind] ?? e.kind} · {e.author ?? "deleted account"}
                {e.authorType === "Bot" ? " (bot)" : ""} · {e.createdAt.slice(0, 16).replace("T", " ")}
                {e.path ? ` · ${e.path}` : ""}
                {e.reviewState ? ` · ${e.reviewState}` : ""}
                {e.sha ? ` · ${e.sha.slice(0, 7)}` : ""}
                {e.isTarget && <span className="ml-2 rounded bg-amber-200 px-1 text-amber-900">the comment being judged</span>}
              </p>
              {e.body ? <Markdown text={e.body} /> : <p className="text-xs italic text-slate-500">(no text)</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
