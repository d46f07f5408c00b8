// What the label panel starts from and what an edit leaves behind, decided in one place for the four
// places a label can be while it is written: the saved label (the query cache), a submitted label the
// server has not acknowledged (pending, in this browser), and the draft, kept in this browser and on
// the server (written from any browser). Pure: the hook in app/(workbench)/annotate/_components/
// use-label-draft.ts reads the stores, asks here, and writes back what this says.
import type { LabelValue } from "./label-schemas";
import type { LabelDraft } from "./label-drafts";
import type { PendingLabel } from "./pending-labels";
import type { ServerDraft } from "./server-drafts";

export interface DraftFields {
  value: LabelValue | null;
  rationale: string;
}

export type StartingPoint =
  /** a submitted label never acknowledged (a reload, an outage): shown and sent again */
  | { kind: "resend"; label: PendingLabel }
  /** the newer draft, newer than the saved label; `fromServer`: this browser should keep a copy of it */
  | { kind: "draft"; fields: DraftFields; at: number; fromServer: boolean }
  /** nothing newer than the saved label (or nothing at all) */
  | { kind: "saved" };

export function startingPoint(stores: {
  pending: PendingLabel | null;
  local: LabelDraft | null;
  remote: ServerDraft | null;
  /** when the saved label was last changed (ISO), null when there is none */
  labelledAt: string | null;
  /** the instance no longer takes labels: drafts are shown no more */
  locked: boolean;
}): StartingPoint {
  if (stores.pending) return { kind: "resend", label: stores.pending };
  const local = stores.local && { fields: { value: stores.local.value, rationale: stores.local.rationale }, at: stores.local.at };
  const remote = stores.remote && {
    fields: { value: stores.remote.value, rationale: stores.remote.rationale },
    at: stores.remote.editedAt,
  };
  // the newer of the two; this browser's wins a tie (it is what this browser showed last)
  const newer = local && remote ? (local.at >= remote.at ? local : remote) : (local ?? remote);
  const labelledAt = stores.labelledAt ? Date.parse(stores.labelledAt) : 0;
  if (!newer || stores.locked || newer.at <= labelledAt) return { kind: "saved" };
  return { kind: "draft", fields: newer.fields, at: newer.at, fromServer: newer === remote };
}

/** An edit back to the saved label is no draft: both copies go. Otherwise the edit is the draft. */
export function draftAfterEdit(next: DraftFields, saved: DraftFields | null): "forget" | "keep" {
  const same = next.value === (saved?.value ?? null) && next.rationale.trim() === (saved?.rationale ?? "").trim();
  return same ? "forget" : "keep";
}
