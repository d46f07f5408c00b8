// Labels being written, not yet submitted: kept in the browser's storage per instance so that a
// reload, Back, a nav link or j/k never throws away a chosen label or half a rationale, and never
// submits it either (only an explicit submit does). Framework-free: the storage is passed in.
import { z } from "zod";
import { LabelValueSchema } from "@/lib/db/enums";
import type { KeyValueStorage } from "./pending-labels";

export const LABEL_DRAFTS_KEY = "workbench.label-drafts.v1";
/** drafts kept at most; the oldest go first */
export const MAX_DRAFTS = 200;

const LabelDraftSchema = z.object({
  instanceId: z.string().min(1),
  value: LabelValueSchema.nullable(),
  rationale: z.string(),
  /** last edit, ms since epoch */
  at: z.number(),
});
export type LabelDraft = z.infer<typeof LabelDraftSchema>;

export function readLabelDrafts(storage: KeyValueStorage): LabelDraft[] {
  try {
    const parsed = z.array(LabelDraftSchema).safeParse(JSON.parse(storage.getItem(LABEL_DRAFTS_KEY) ?? "[]"));
    return parsed.success ? parsed.data : [];
  } catch {
    return []; // unreadable (edited by hand, another app's value): start afresh rather than crash the page
  }
}

export function labelDraftFor(storage: KeyValueStorage, instanceId: string): LabelDraft | null {
  return readLabelDrafts(storage).find((d) => d.instanceId === instanceId) ?? null;
}

/** Keeps the draft, replacing the instance's previous one; an empty draft is forgotten instead. */
export function keepLabelDraft(storage: KeyValueStorage, draft: LabelDraft): void {
  const others = readLabelDrafts(storage).filter((d) => d.instanceId !== draft.instanceId);
  const empty = draft.value === null && draft.rationale.trim() === "";
  const kept = empty ? others : [...others, draft].sort((a, b) => a.at - b.at).slice(-MAX_DRAFTS);
  storage.setItem(LABEL_DRAFTS_KEY, JSON.stringify(kept));
}

/** Forgets the instance's draft (it was submitted, or matches the saved label again). */
export function forgetLabelDraft(storage: KeyValueStorage, instanceId: string): void {
  const drafts = readLabelDrafts(storage);
  if (drafts.some((d) => d.instanceId === instanceId))
    storage.setItem(LABEL_DRAFTS_KEY, JSON.stringify(drafts.filter((d) => d.instanceId !== instanceId)));
}
