// The thread on an instance (issue #15 item 8): what each participant may post, parsed at the
// boundary. Every action carries a note a person can read: a skip's reason, what to discuss, what
// the annotators should look at again, why an adjudication is reopened.
import { z } from "zod";

const NoteSchema = z
  .string({ error: "Write a note." })
  .trim()
  .min(5, "Write a note of at least 5 characters: the others read it.")
  .max(2_000, "Keep the note under 2,000 characters.");

export const DiscussionRequestSchema = z.discriminatedUnion("action", [
  /** an assigned annotator sets the instance aside (the lead can reassign it) */
  z.object({ action: z.literal("skip"), note: NoteSchema }),
  /** an assigned annotator asks the adjudicators to discuss it */
  z.object({ action: z.literal("flag"), note: NoteSchema }),
  /** an adjudicator or admin answers; resolve clears the open flags */
  z.object({ action: z.literal("reply"), note: NoteSchema, resolve: z.boolean().default(false) }),
  /** an adjudicator sends a disagreement back to its annotators to label again */
  z.object({ action: z.literal("send_back"), note: NoteSchema }),
  /** an admin reopens a decided adjudication */
  z.object({ action: z.literal("reopen"), note: NoteSchema }),
]);
export type DiscussionRequest = z.infer<typeof DiscussionRequestSchema>;
