"use client";
// The thread on an instance (issue #15 item 8) and the actions the viewer may take on it: skip or
// flag (an assigned annotator, while annotating), reply (leads), send back (an adjudicator, while
// adjudicating), reopen (an admin, once adjudicated). The server checks each again.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { DiscussionEntry } from "@/lib/annotate/discussion-thread";
import type { DiscussionRequest } from "@/lib/annotate/discussion-schemas";
import { apiFetch } from "@/lib/http/api-client";
import { BidiText } from "@/app/_components/bidi-text";

export type DiscussionAction = DiscussionRequest["action"];

const ACTION_LABEL: Record<DiscussionAction, string> = {
  skip: "Skip (with a reason)",
  flag: "Flag for discussion",
  reply: "Reply",
  send_back: "Send back to annotators",
  reopen: "Reopen adjudication",
};
const KIND_LABEL: Record<DiscussionEntry["kind"], string> = {
  skip: "skipped",
  flag: "flagged for discussion",
  send_back: "sent back",
  reopen: "reopened",
  reply: "replied",
};

export function DiscussionPanel({
  instanceId,
  notes,
  actions,
}: {
  instanceId: string;
  notes: (Omit<DiscussionEntry, "at"> & { at: string })[];
  actions: DiscussionAction[];
}) {
  const router = useRouter();
  const [open, setOpen] = useState<DiscussionAction | null>(null);
  const [note, setNote] = useState("");
  const [resolve, setResolve] = useState(true);
  const post = useMutation({
    mutationFn: (request: DiscussionRequest) =>
      apiFetch(`/api/instances/${encodeURIComponent(instanceId)}/discussion`, { method: "POST", body: JSON.stringify(request) }),
    onSuccess: () => {
      setOpen(null);
      setNote("");
      router.refresh();
    },
  });
  if (notes.length === 0 && actions.length === 0) return null;
  const request = (action: DiscussionAction): DiscussionRequest => (action === "reply" ? { action, note, resolve } : { action, note });
  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="discussion">
      <h2 className="text-xs font-semibold uppercase text-slate-500">Discussion</h2>
      {notes.length > 0 && (
        <ol className="space-y-2">
          {notes.map((n) => (
            <li key={n.id} className="rounded-md bg-slate-50 p-2" data-testid="discussion-note" data-kind={n.kind}>
              <p className="text-xs text-slate-600">
                <span className="font-mono">{n.author}</span> {KIND_LABEL[n.kind]} · {n.at.slice(0, 16).replace("T", " ")} UTC
              </p>
              <p className="whitespace-pre-wrap">
                <BidiText text={n.body} />
              </p>
            </li>
          ))}
        </ol>
      )}
      {open === null ? (
        <div className="flex flex-wrap gap-2">
          {actions.map((a) => (
            <button
              key={a}
              type="button"
              onClick={() => setOpen(a)}
              data-testid={`discussion-${a}`}
              className="rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50"
            >
              {ACTION_LABEL[a]}…
            </button>
          ))}
        </div>
      ) : (
        <div className="space-y-2">
          <label htmlFor="discussion-note" className="block text-xs font-medium text-slate-700">
            {ACTION_LABEL[open]}: note (everyone it concerns reads it)
          </label>
          <textarea
            id="discussion-note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            rows={3}
            data-testid="discussion-note-input"
            className="w-full rounded-md border border-slate-300 p-2 text-sm"
          />
          {open === "reply" && (
            <label className="flex items-center gap-2 text-xs">
              <input type="checkbox" checked={resolve} onChange={(e) => setResolve(e.target.checked)} /> Resolve the open flags
            </label>
          )}
          {post.isError && (
            <p role="alert" className="text-rose-700" data-testid="discussion-error">
              {post.error.message}
            </p>
          )}
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => post.mutate(request(open))}
              disabled={post.isPending}
              data-testid="discussion-submit"
              className="rounded-md bg-indigo-600 px-3 py-1 text-xs font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
            >
              {ACTION_LABEL[open]}
            </button>
            <button type="button" onClick={() => setOpen(null)} className="rounded-md border border-slate-300 px-3 py-1 text-xs">
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
