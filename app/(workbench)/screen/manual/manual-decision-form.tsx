"use client";
import { manualDecisionAction } from "../actions";
import { ActionForm, SubmitButton } from "../_components/action-form";

/** inAnnotation: what dropping a comment that is in annotation does; the admin confirms it before the drop counts. */
export function ManualDecisionForm({ level, itemId, inAnnotation }: { level: "pr" | "comment"; itemId: string; inAnnotation?: string }) {
  return (
    <ActionForm action={manualDecisionAction} testId="manual-decision" className="space-y-2">
      <input type="hidden" name="level" value={level} />
      <input type="hidden" name="itemId" value={itemId} />
      <label className="block">
        <span className="text-sm font-medium text-slate-700">Rationale</span>
        <textarea
          name="rationale"
          rows={3}
          required
          minLength={5}
          maxLength={2000}
          placeholder={
            level === "pr"
              ? "e.g. Explains the root cause and the fix; linked issue has a reproducer."
              : "e.g. Only asks to remove trailing whitespace."
          }
          className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:border-indigo-500 focus:outline-none"
        />
      </label>
      {inAnnotation && (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900" data-testid="manual-in-annotation">
          <p>{inAnnotation}</p>
          <label className="mt-1 flex items-center gap-2 font-medium">
            <input type="checkbox" name="withdraw" value="confirm" data-testid="manual-confirm-withdraw" />
            Drop it from annotation too
          </label>
        </div>
      )}
      <div className="flex gap-2">
        <SubmitButton name="verdict" value="keep" variant="keep" pendingLabel="Saving…" testId="manual-keep">
          Keep
        </SubmitButton>
        <SubmitButton name="verdict" value="drop" variant="danger" pendingLabel="Saving…" testId="manual-drop">
          Drop
        </SubmitButton>
      </div>
    </ActionForm>
  );
}
