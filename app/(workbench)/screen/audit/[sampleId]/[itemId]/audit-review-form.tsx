"use client";
import { auditReviewAction } from "../../../actions";
import { ActionForm, SubmitButton } from "../../../_components/action-form";

export function AuditReviewForm({ itemId, intent }: { itemId: string; intent: "review" | "adjudicate" }) {
  return (
    <ActionForm action={auditReviewAction} testId={`audit-${intent}`} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-xs font-semibold uppercase text-slate-500">
        {intent === "review" ? "Your independent review" : "Third expert: final decision"}
      </h2>
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="intent" value={intent} />
      <p className="text-sm text-slate-700">
        Did the LLM apply the screening criteria correctly, with a rationale that supports its verdict?
      </p>
      <textarea
        name="note"
        rows={3}
        maxLength={2000}
        placeholder="Why (optional, but helps the discussion)"
        className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:border-indigo-500 focus:outline-none"
      />
      <div className="flex gap-2">
        <SubmitButton name="llmCorrect" value="yes" variant="keep" pendingLabel="Saving…">
          Correct
        </SubmitButton>
        <SubmitButton name="llmCorrect" value="no" variant="danger" pendingLabel="Saving…">
          Wrong
        </SubmitButton>
      </div>
    </ActionForm>
  );
}
