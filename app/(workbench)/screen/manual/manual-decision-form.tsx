"use client";
import { useKeptForm } from "@/app/_components/use-kept-form";
import { CONFIRM_WITHDRAW_CONTROL } from "@/lib/screen/withdraw-confirmation";
import { manualDecisionAction } from "../actions";
import { ActionResult, SubmitButton } from "../_components/action-form";

/**
 * inAnnotation: what dropping a comment (or a PR whose comments are) in annotation does; the admin
 * confirms it before the drop counts. A refusal that asks for the confirmation shows the control too
 * (the item entered annotation after the page was drawn), and a refused form keeps its rationale.
 */
export function ManualDecisionForm({
  level,
  itemId,
  inAnnotation,
}: {
  level: "pr" | "comment";
  itemId: string;
  inAnnotation?: { warning: string; confirmable: boolean } | null;
}) {
  const { state, run, kept, attempt } = useKeptForm(manualDecisionAction, {});
  const asked = state.code === "confirmation_required";
  const warning = inAnnotation?.warning ?? (asked ? state.error : undefined);
  const confirmable = inAnnotation ? inAnnotation.confirmable : asked;
  return (
    <form action={run} data-testid="manual-decision" className="space-y-2">
      <input type="hidden" name="level" value={level} />
      <input type="hidden" name="itemId" value={itemId} />
      <div key={attempt} className="space-y-2">
        <label className="block">
          <span className="text-sm font-medium text-slate-700">Rationale</span>
          <textarea
            name="rationale"
            rows={3}
            required
            minLength={5}
            maxLength={2000}
            defaultValue={kept("rationale") ?? ""}
            placeholder={
              level === "pr"
                ? "e.g. Explains the root cause and the fix; linked issue has a reproducer."
                : "e.g. Only asks to remove trailing whitespace."
            }
            className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:border-indigo-500 focus:outline-none"
          />
        </label>
        {warning && (
          <div className="rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900" data-testid="manual-in-annotation">
            <p>{warning}</p>
            {confirmable && (
              <label className="mt-1 flex items-center gap-2 font-medium">
                <input
                  type="checkbox"
                  name="withdraw"
                  value="confirm"
                  defaultChecked={kept("withdraw") === "confirm"}
                  data-testid="manual-confirm-withdraw"
                />
                {CONFIRM_WITHDRAW_CONTROL}
              </label>
            )}
          </div>
        )}
      </div>
      <div className="flex gap-2">
        <SubmitButton name="verdict" value="keep" variant="keep" pendingLabel="Saving…" testId="manual-keep">
          Keep
        </SubmitButton>
        <SubmitButton name="verdict" value="drop" variant="danger" pendingLabel="Saving…" testId="manual-drop">
          Drop
        </SubmitButton>
      </div>
      <ActionResult state={state} />
    </form>
  );
}
