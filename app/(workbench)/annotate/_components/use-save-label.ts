"use client";
// Saving a label never loses it: the label goes to browser storage before the request, the cache
// shows it at once (optimistic), network and server errors are retried with backoff for as long as
// it takes (the panel shows "unsaved — retrying"), and only the server's answer clears it. Saves
// of one instance run one after another (mutation scope), so an older retry never lands last.
import type { VisibleStage } from "@/lib/annotate/viewer-access";
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { instanceKeys } from "@/lib/annotate/query-keys";
import { forgetPendingLabel, pendingLabelFor, rememberPendingLabel, type PendingLabel } from "@/lib/annotate/pending-labels";
import type { LabelValue } from "@/lib/annotate/label-schemas";
import { apiFetch, isApiError } from "@/lib/http/api-client";
import type { OwnLabel } from "./own-label";

export interface SaveLabelResponse {
  label: { value: LabelValue; rationale: string; updatedAt: string };
  stage: VisibleStage;
  changed: boolean;
}

// refused for good: not assigned, no longer in annotation, invalid, gone
const isDefinitive = (e: unknown) => isApiError(e) && !e.retriable && e.status !== 401;

export function useSaveLabel(instanceId: string, onSaved?: (res: SaveLabelResponse) => void) {
  const qc = useQueryClient();
  const key: QueryKey = instanceKeys.ownLabel(instanceId);
  return useMutation<SaveLabelResponse, Error, PendingLabel, { previous: OwnLabel | null | undefined }>({
    scope: { id: `label:${instanceId}` },
    networkMode: "always",
    mutationFn: (req) =>
      apiFetch<SaveLabelResponse>("/api/labels", {
        method: "POST",
        body: JSON.stringify({ instanceId: req.instanceId, value: req.value, rationale: req.rationale }),
      }),
    retry: (_count, error) => !isApiError(error) || error.retriable,
    retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 15_000),
    onMutate: async (req) => {
      rememberPendingLabel(window.localStorage, req);
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<OwnLabel | null>(key);
      qc.setQueryData(key, {
        value: req.value,
        rationale: req.rationale,
        updatedAt: new Date(req.savedAt).toISOString(),
        pending: true,
      } satisfies OwnLabel);
      return { previous };
    },
    onSuccess: (res, req) => {
      forgetPendingLabel(window.localStorage, instanceId, req.savedAt);
      // a newer save is still on its way: its optimistic value stays on screen
      if ((pendingLabelFor(window.localStorage, instanceId)?.savedAt ?? 0) > req.savedAt) return;
      qc.setQueryData(key, { ...res.label, pending: false } satisfies OwnLabel);
      qc.invalidateQueries({ queryKey: instanceKeys.timeline(instanceId) });
      onSaved?.(res);
    },
    onError: (error, req, context) => {
      if (!isDefinitive(error)) return; // kept in storage, offered again on the next visit
      forgetPendingLabel(window.localStorage, instanceId, req.savedAt);
      qc.setQueryData(key, context?.previous ?? null);
    },
  });
}
