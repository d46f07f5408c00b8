import { z } from "zod";

// One example of the released dataset (shared/reference/dataset-format.md, "One example").
// The same schema checks what the export writes and what an import reads, so both sides agree
// on every field. Objects are strict: a field this app cannot store would be lost on re-export,
// so an import refuses it by name instead of dropping it silently.

const githubId = z.number().int("must be a whole number").positive("must be positive");
// null: a deleted account (GitHub answers `user: null` / `author: null` for those)
const login = z.string().nullable();
// GitHub's ISO 8601 form, e.g. 2025-03-11T09:14:02Z
const timestamp = z.iso.datetime({ offset: true, message: "must be an ISO 8601 timestamp" });

export const CommitEntrySchema = z.strictObject({
  type: z.literal("commit"),
  sha: z.string().regex(/^[0-9a-f]{7,64}$/, "must be a hex commit sha"),
  // the commit's git author name, not a GitHub login
  user: login,
  created_at: timestamp,
  message: z.string(),
});

export const PrCommentEntrySchema = z.strictObject({
  type: z.literal("pr_comment"),
  id: githubId,
  user: login,
  created_at: timestamp,
  body: z.string(),
});

export const InlineEntrySchema = z.strictObject({
  type: z.literal("inline"),
  id: githubId,
  user: login,
  created_at: timestamp,
  body: z.string(),
  review_path: z.string(),
  diff_hunk: z.string(),
});

export const InlineReplyEntrySchema = z.strictObject({
  type: z.literal("inline_reply"),
  id: githubId,
  user: login,
  created_at: timestamp,
  body: z.string(),
  review_path: z.string(),
  in_reply_to_id: githubId,
});

export const ReviewEntrySchema = z.strictObject({
  type: z.literal("review"),
  id: githubId,
  user: login,
  created_at: timestamp,
  body: z.string(),
  review_state: z.string().min(1, "must name the review state (APPROVED, CHANGES_REQUESTED, COMMENTED, …)"),
});

export const TimelineEntrySchema = z.discriminatedUnion("type", [
  CommitEntrySchema,
  PrCommentEntrySchema,
  InlineEntrySchema,
  InlineReplyEntrySchema,
  ReviewEntrySchema,
]);
export type ReleasedTimelineEntry = z.infer<typeof TimelineEntrySchema>;
export type ReleasedCommentEntry = Exclude<ReleasedTimelineEntry, { type: "commit" }>;

export { PerturbationKindSchema } from "@/lib/db/enums";
import { PerturbationKindSchema } from "@/lib/db/enums";
export type ReleasedPerturbationKind = z.infer<typeof PerturbationKindSchema>;

const ReleasedPullRequestSchema = z.strictObject({
  pull_number: z.number().int().positive(),
  title: z.string(),
  created_at: timestamp,
  base_commit: z.string().regex(/^[0-9a-f]{40}$/, "must be a 40-hex commit sha"),
  body: z.string(),
  patch_to_review: z.string(),
});

const ResolvedIssueSchema = z.strictObject({
  number: z.number().int().positive(),
  title: z.string(),
  body: z.string(),
});

export const ReleasedRowSchema = z
  .strictObject({
    instance_id: z
      .string()
      .regex(/^\S+-\d+@[0-9a-f]{7}(#perturb-\S+)?$/, "must look like owner__repo-<pull_number>@<7-hex commit sha>[#perturb-…]"),
    judged_user: login,
    judged_entry_id: githubId,
    hint_text: z.string(),
    repo: z.string().regex(/^[^/\s]+\/[^/\s]+$/, "must be owner/name"),
    language: z.string(),
    pull_request: ReleasedPullRequestSchema,
    resolved_issues: z.array(ResolvedIssueSchema),
    problem_domain: z.string(),
    code_review: z.array(TimelineEntrySchema),
    source: z.string().min(1),
    trustworthy: z.boolean(),
    perturbation_kind: PerturbationKindSchema.optional(),
  })
  .superRefine((row, ctx) => {
    // dataset-format.md: "each example has exactly one timeline entry whose id equals judged_entry_id"
    const judged = row.code_review.filter((e) => e.type !== "commit" && e.id === row.judged_entry_id);
    if (judged.length !== 1)
      ctx.addIssue({
        code: "custom",
        path: ["judged_entry_id"],
        message: `must match exactly one code_review entry id, found ${judged.length}`,
      });
    if (row.perturbation_kind === undefined && row.instance_id.includes("#perturb"))
      ctx.addIssue({ code: "custom", path: ["perturbation_kind"], message: "is required on a #perturb row" });
  });
export type ReleasedRow = z.infer<typeof ReleasedRowSchema>;

/** The judged entry of a row (the schema guarantees exactly one). */
export function judgedEntryOf(row: ReleasedRow): ReleasedCommentEntry {
  const entry = row.code_review.find((e): e is ReleasedCommentEntry => e.type !== "commit" && e.id === row.judged_entry_id);
  if (!entry) throw new Error(`${row.instance_id}: no code_review entry has id ${row.judged_entry_id}`);
  return entry;
}

/** `(instance_id, judged_entry_id)` is the row key; instance_id alone is not unique. */
export function rowKey(row: Pick<ReleasedRow, "instance_id" | "judged_entry_id">): string {
  return `${row.instance_id} ${row.judged_entry_id}`;
}
