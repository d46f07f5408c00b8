"use client";
// Sends the label being written to the server a moment after the last edit (lib/annotate/server-drafts),
// so the draft follows the annotator to another browser. The browser's own copy is kept first, so a
// failed send loses nothing; the panel says where the draft is kept (lib/annotate/draft-banner.ts).
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { DraftSendState } from "@/lib/annotate/draft-banner";
import type { LabelValue } from "@/lib/annotate/label-schemas";
import { apiFetch } from "@/lib/http/api-client";

const SEND_AFTER_MS = 600;

type Draft = { value: LabelValue | null; rationale: string; at: number };

export function useServerDraft(instanceId: string) {
  const [state, setState] = useState<DraftSendState>("browser");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<Draft | null>(null);

  const send = useCallback(async () => {
    const draft = latest.current;
    if (!draft) return;
    latest.current = null;
    try {
      await apiFetch("/api/label-drafts", {
        method: "PUT",
        body: JSON.stringify({ instanceId, value: draft.value, rationale: draft.rationale, editedAt: draft.at }),
      });
      setState("server");
    } catch {
      setState("failed");
    }
  }, [instanceId]);

  const keep = useCallback(
    (draft: Draft) => {
      latest.current = draft;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void send(), SEND_AFTER_MS);
    },
    [send],
  );

  // a submitted label replaces the draft (the server removes its copy): what waits to be sent is dropped
  const drop = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    latest.current = null;
  }, []);

  // leaving the page (a link, j/k) sends what is waiting instead of dropping it
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      void send();
    },
    [send],
  );

  // the panel words it (lib/annotate/draft-banner.ts): what this visit's sends did with the draft
  return useMemo(() => ({ keep, drop, sent: state }), [keep, drop, state]);
}
