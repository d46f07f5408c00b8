"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import type { PerturbationKind } from "@/lib/perturb/candidate-schema";
import type { PerturbedComment } from "@/lib/perturb/proposed-candidate";
import { explainSelfCheck } from "@/lib/perturb/self-check";
import type { VerifyPerturbationRequest } from "@/lib/perturb/verify-perturbation";
import { wordDiff } from "@/lib/perturb/word-diff";
import { perturbationApi } from "../perturbation-api";
import { WordDiffView } from "../word-diff-view";

type Props = {
  instanceId: string;
  kind: PerturbationKind;
  status: "pending" | "accepted" | "rejected";
  viewerDecision: "pending" | "accepted" | "rejected" | null;
  viewerIsCreator: boolean;
  original: PerturbedComment;
  perturbed: PerturbedComment;
};

/** Accept (technically incorrect now), reject (with a reason), or edit the text and accept the edit. */
export function VerifyPanel({ instanceId, kind, status, viewerDecision, viewerIsCreator, original, perturbed }: Props) {
  const router = useRouter();
  const [note, setNote] = useState("");
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(perturbed.body);
  const verify = useMutation({
    mutationFn: (request: VerifyPerturbationRequest) => perturbationApi.verify(instanceId, request),
    onSuccess: () => {
      setEditing(false);
      setNote("");
      router.refresh();
    },
  });
  const withdraw = useMutation({
    mutationFn: () => perturbationApi.withdraw(instanceId),
    onSuccess: () => router.refresh(),
  });
  const draftCheck = useMemo(() => explainSelfCheck(original, { ...original, body: draft }, kind), [original, draft, kind]);

  if (status !== "pending") {
    return (
      <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="verify-closed">
        {status === "accepted"
          ? "Verified: every required expert accepted it. It is a negative (untrustworthy) in the dataset, in its parent's PR group."
          : "Rejected by an expert: it stays as lineage of its parent and never becomes a negative."}
      </section>
    );
  }
  if (viewerIsCreator) {
    return (
      <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="verify-own">
        You created this perturbation, so other experts verify it.
      </section>
    );
  }
  if (viewerDecision && !editing) {
    return (
      <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="verify-done">
        <p>You {viewerDecision} this text. Waiting for the other verifiers.</p>
        <button
          type="button"
          onClick={() => withdraw.mutate()}
          disabled={withdraw.isPending}
          data-testid="withdraw-vote"
          className="block text-indigo-700 hover:underline disabled:opacity-50"
        >
          Withdraw my vote (possible until the rule decides)
        </button>
        {withdraw.isError && (
          <p role="alert" className="text-rose-700">
            {withdraw.error.message}
          </p>
        )}
        {kind !== "location" && (
          <button type="button" onClick={() => setEditing(true)} className="text-indigo-700 hover:underline">
            Edit the text instead (restarts verification)
          </button>
        )}
      </section>
    );
  }
  return (
    <section className="space-y-3 rounded-lg border-2 border-indigo-200 bg-white p-4 text-sm" data-testid="verify-panel">
      <h2 className="text-xs font-semibold uppercase text-indigo-700">Your verification</h2>
      <p className="text-slate-600">
        Accept only if the perturbed comment is technically incorrect in this PR&apos;s context (the patch and repository make it wrong).
      </p>
      {editing && (
        <div className="space-y-2">
          <label htmlFor="edited-body" className="block text-xs font-medium text-slate-700">
            Edited perturbed text
          </label>
          <textarea
            id="edited-body"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            rows={5}
            className="w-full rounded-md border border-slate-300 p-2 font-mono text-xs"
            data-testid="edited-body"
          />
          <WordDiffView segments={wordDiff(original.body, draft)} className="rounded bg-slate-50 p-2 text-xs" />
          <p className={`text-xs ${draftCheck.ok ? "text-emerald-700" : "text-rose-700"}`} data-testid="edit-self-check">
            {draftCheck.ok ? "✓" : "✗"} {draftCheck.reason}
          </p>
        </div>
      )}
      <label htmlFor="verification-note" className="block text-xs font-medium text-slate-700">
        Note {editing ? "(what the edit fixes; required)" : "(required to reject: why it is not a valid negative)"}
      </label>
      <textarea
        id="verification-note"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        rows={3}
        className="w-full rounded-md border border-slate-300 p-2 text-sm"
        data-testid="verification-note"
      />
      {verify.isError && (
        <p role="alert" className="text-rose-700">
          {verify.error.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {editing ? (
          <>
            <button
              type="button"
              onClick={() => verify.mutate({ decision: "accept", note, editedBody: draft })}
              disabled={verify.isPending || !draftCheck.ok || draft === perturbed.body}
              data-testid="save-edit"
              className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
            >
              Save edit and accept
            </button>
            <button
              type="button"
              onClick={() => {
                setEditing(false);
                setDraft(perturbed.body);
              }}
              className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
            >
              Cancel
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              onClick={() => verify.mutate({ decision: "accept", note })}
              disabled={verify.isPending}
              data-testid="accept"
              className="rounded-md bg-emerald-700 px-3 py-1.5 font-medium text-white hover:bg-emerald-800 disabled:opacity-50"
            >
              Accept: the comment is now wrong
            </button>
            <button
              type="button"
              onClick={() => verify.mutate({ decision: "reject", note })}
              disabled={verify.isPending}
              data-testid="reject"
              className="rounded-md bg-rose-600 px-3 py-1.5 font-medium text-white hover:bg-rose-700 disabled:opacity-50"
            >
              Reject: still right, or not a fair edit
            </button>
            {kind !== "location" && (
              <button
                type="button"
                onClick={() => setEditing(true)}
                data-testid="edit"
                className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
              >
                Edit
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
