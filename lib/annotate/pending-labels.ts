// Labels the server has not acknowledged yet, kept in the browser's storage so a reload, a crash
// or a server outage never loses one. Framework-free: the storage is passed in.
import { z } from "zod";
import { SubmitLabelRequestSchema } from "./label-schemas";

export const PENDING_LABELS_KEY = "workbench.pending-labels.v1";

export const PendingLabelSchema = SubmitLabelRequestSchema.extend({
  /** when the annotator pressed save (ms since epoch); a later save of the same instance replaces it */
  savedAt: z.number(),
});
export type PendingLabel = z.infer<typeof PendingLabelSchema>;

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function readPendingLabels(storage: KeyValueStorage): PendingLabel[] {
  try {
    const parsed = z.array(PendingLabelSchema).safeParse(JSON.parse(storage.getItem(PENDING_LABELS_KEY) ?? "[]"));
    return parsed.success ? parsed.data : [];
  } catch {
    // unreadable storage (corrupted by hand, or another app's value): start afresh rather than crash the page
    return [];
  }
}

export function rememberPendingLabel(storage: KeyValueStorage, label: PendingLabel): void {
  const others = readPendingLabels(storage).filter((p) => p.instanceId !== label.instanceId);
  storage.setItem(PENDING_LABELS_KEY, JSON.stringify([...others, label]));
}

/** Forgets a pending label once acknowledged, unless a newer save of the same instance replaced it meanwhile. */
export function forgetPendingLabel(storage: KeyValueStorage, instanceId: string, savedAt: number): void {
  const kept = readPendingLabels(storage).filter((p) => p.instanceId !== instanceId || p.savedAt > savedAt);
  storage.setItem(PENDING_LABELS_KEY, JSON.stringify(kept));
}

export function pendingLabelFor(storage: KeyValueStorage, instanceId: string): PendingLabel | null {
  return readPendingLabels(storage).find((p) => p.instanceId === instanceId) ?? null;
}
