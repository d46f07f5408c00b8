// Repository selection, paper section 2 ("Repository and Pull Request Selection"): the top 1,000
// repositories of a language by stars, kept when they have more than 1,500 PRs and at least one commit or
// PR between 2024-08-15 and 2025-08-15 (both days included).
import { z } from "zod";

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a day like 2024-08-15");

export const SelectionCriteriaSchema = z
  .object({
    language: z.string().min(1).default("Python"),
    top: z.number().int().min(1).max(1000).default(1000),
    minPrs: z.number().int().min(0).default(1500),
    activeFrom: isoDay.default("2024-08-15"),
    activeTo: isoDay.default("2025-08-15"),
  })
  .refine((c) => c.activeFrom <= c.activeTo, { message: "activeFrom must not be after activeTo", path: ["activeTo"] });

export type SelectionCriteria = z.infer<typeof SelectionCriteriaSchema>;

export const PAPER_SELECTION_CRITERIA: SelectionCriteria = SelectionCriteriaSchema.parse({});

/** The window as GitHub timestamps: `since` inclusive, `until` at the last second of activeTo. */
export function activityWindow(c: Pick<SelectionCriteria, "activeFrom" | "activeTo">) {
  return { since: `${c.activeFrom}T00:00:00Z`, until: `${c.activeTo}T23:59:59Z` };
}

/** One key per distinct selection, so a finished selection is reused only for the same criteria. */
export function selectionKey(c: SelectionCriteria): string {
  // the language as GitHub compares it: `python` and `Python` are one selection
  return `${c.language.toLowerCase()}|top ${c.top}|more than ${c.minPrs} PRs|active ${c.activeFrom}..${c.activeTo}`;
}
