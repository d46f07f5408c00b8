"use client";
// The one store of the label being written, behind one hook: the fields on screen, the draft kept in
// this browser and on the server (useServerDraft), and a submitted label not yet acknowledged (pending,
// resent on arrival by useSaveLabel). What the panel starts from and what an edit keeps are decided by
// lib/annotate/label-draft-store.ts; this hook only reads and writes the stores, and clears the draft
// in one place, when the server has the label.
import { useCallback, useEffect, useRef, useState } from "react";
import { draftAfterEdit, startingPoint, type DraftFields } from "@/lib/annotate/label-draft-store";
import { forgetLabelDraft, keepLabelDraft, labelDraftFor } from "@/lib/annotate/label-drafts";
import { pendingLabelFor } from "@/lib/annotate/pending-labels";
import type { ServerDraft } from "@/lib/annotate/server-drafts";
import type { OwnLabel } from "./own-label";
import { type SaveLabelResponse, useSaveLabel } from "./use-save-label";
import { useServerDraft } from "./use-server-draft";

export function useLabelDraft({
  instanceId,
  initialLabel,
  initialDraft,
  saved,
  locked,
  onSaved,
}: {
  instanceId: string;
  initialLabel: OwnLabel | null;
  /** the draft kept on the server (another browser's, or this one's) */
  initialDraft: ServerDraft | null;
  /** the saved label as the query cache has it */
  saved: OwnLabel | null | undefined;
  locked: boolean;
  /** the server acknowledged a label (submitted here, or resent on arrival) */
  onSaved: (res: SaveLabelResponse) => void;
}) {
  const save = useSaveLabel(instanceId, (res) => {
    // the label replaces the draft: the server removed its copy, this browser's goes too
    forgetLabelDraft(window.localStorage, instanceId);
    onSaved(res);
  });
  const serverDraft = useServerDraft(instanceId);
  const [fields, setFields] = useState<DraftFields>({ value: initialLabel?.value ?? null, rationale: initialLabel?.rationale ?? "" });
  const [restoredFrom, setRestoredFrom] = useState<"browser" | "server" | null>(null);

  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const start = startingPoint({
      pending: pendingLabelFor(window.localStorage, instanceId),
      local: labelDraftFor(window.localStorage, instanceId),
      remote: initialDraft,
      labelledAt: initialLabel?.updatedAt ?? null,
      locked,
    });
    if (start.kind === "resend") {
      setFields({ value: start.label.value, rationale: start.label.rationale });
      save.mutate(start.label);
    } else if (start.kind === "draft") {
      setFields(start.fields);
      setRestoredFrom(start.fromServer ? "server" : "browser");
      if (start.fromServer) keepLabelDraft(window.localStorage, { instanceId, ...start.fields, at: start.at });
    }
  }, [instanceId, save, locked, initialDraft, initialLabel]);

  // every edit is the draft, in this browser at once and on the server shortly after; back to the saved label, it goes
  const edit = useCallback(
    (next: DraftFields) => {
      setFields(next);
      const at = Date.now();
      if (draftAfterEdit(next, saved ?? null) === "forget") {
        forgetLabelDraft(window.localStorage, instanceId);
        serverDraft.keep({ value: null, rationale: "", at });
      } else {
        keepLabelDraft(window.localStorage, { instanceId, ...next, at });
        serverDraft.keep({ ...next, at });
      }
    },
    [instanceId, saved, serverDraft],
  );

  /** Submits what is on screen (the caller checked it is complete); the draft waiting to be sent is not sent. */
  const submit = useCallback(
    (label: { value: NonNullable<DraftFields["value"]>; rationale: string }) => {
      serverDraft.drop();
      save.mutate({ instanceId, ...label, savedAt: Date.now() });
    },
    [instanceId, save, serverDraft],
  );

  return { ...fields, restoredFrom, sent: serverDraft.sent, edit, submit, save };
}
