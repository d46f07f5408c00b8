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

/** The query parameter that tells the next item's page which item's label was just saved. */
export const JUST_SAVED_PARAM = "saved";

/** Where a saved submission leads, as a link the next page reads back: null to stay on the item. */
export function afterSubmitHref(choice: AfterSubmit, current: string, nextToDoId: string | null, basePath: string): string | null {
  const target = afterSubmitTarget(choice, current, nextToDoId);
  return target ? `${basePath}/${encodeURIComponent(target)}?${JUST_SAVED_PARAM}=${encodeURIComponent(current)}` : null;
}

/** The just-saved item's id from the page's query, or null for anything that cannot be an instance id. */
export function justSavedIdOf(value: unknown): string | null {
  return typeof value === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}

export interface QueueFinished {
  lines: string[];
  links: { href: string; words: string }[];
}

/**
 * What the labelling page says once nothing is left to label in the annotator's queue (after the
 * last submission): that the queue is finished, and what to do next.
 */
export function queueFinished(input: { skipped: number; canAdjudicate: boolean }): QueueFinished {
  const lines = ["Your queue is finished: every item assigned to you that was not set aside is labelled."];
  const links = [{ href: "/annotate", words: "Back to your queue" }];
  if (input.skipped > 0) {
    lines.push(
      `${input.skipped === 1 ? "1 item you skipped waits" : `${input.skipped} items you skipped wait`} in your queue: label ${input.skipped === 1 ? "it" : "them"} when you can, or the lead moves ${input.skipped === 1 ? "it" : "them"} to someone else.`,
    );
    links.push({ href: "/annotate?status=skipped", words: "Your skipped items" });
  }
  lines.push("New items appear in your queue when the lead assigns the next batch.");
  if (input.canAdjudicate) {
    lines.push("As an adjudicator, you can decide the disagreements that wait for a third opinion.");
    links.push({ href: "/adjudicate", words: "Adjudication queue" });
  }
  return { lines, links };
}
