// The viewer's own label as the annotation page caches it (one query key, instanceKeys.ownLabel).
import type { LabelValue } from "@/lib/annotate/label-schemas";
import { apiFetch } from "@/lib/http/api-client";

export interface OwnLabel {
  value: LabelValue;
  rationale: string;
  updatedAt: string;
  /** shown before the server acknowledged it */
  pending?: boolean;
}

export async function fetchOwnLabel(instanceId: string, login: string): Promise<OwnLabel | null> {
  const res = await apiFetch<{ labels: { annotator: string; value: LabelValue; rationale: string; updatedAt: string }[] }>(
    `/api/labels?instanceId=${encodeURIComponent(instanceId)}&annotator=${encodeURIComponent(login)}`,
  );
  const own = res.labels.find((l) => l.annotator === login);
  return own ? { value: own.value, rationale: own.rationale, updatedAt: own.updatedAt } : null;
}
