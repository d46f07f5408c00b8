// What the labelling page does once a submitted label is saved: go on to the next item to label (the
// default, as Prodigy's accept-and-advance: one key per item) or stay on the item. The annotator's
// choice is kept in the browser's storage. Framework-free: the storage is passed in.
import { z } from "zod";
import type { KeyValueStorage } from "./pending-labels";

export const AFTER_SUBMIT_KEY = "workbench.after-submit.v1";
export const AfterSubmitSchema = z.enum(["next", "stay"]);
export type AfterSubmit = z.infer<typeof AfterSubmitSchema>;

export function readAfterSubmit(storage: KeyValueStorage): AfterSubmit {
  const parsed = AfterSubmitSchema.safeParse(storage.getItem(AFTER_SUBMIT_KEY));
  return parsed.success ? parsed.data : "next";
}

export function keepAfterSubmit(storage: KeyValueStorage, choice: AfterSubmit): void {
  storage.setItem(AFTER_SUBMIT_KEY, choice);
}

/** Where a saved submission leads: the next item to label, unless the annotator stays or none is left. */
export function afterSubmitTarget(choice: AfterSubmit, current: string, nextToDoId: string | null): string | null {
  return choice === "next" && nextToDoId && nextToDoId !== current ? nextToDoId : null;
}
