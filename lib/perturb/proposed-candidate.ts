import { createHash } from "node:crypto";
import { z } from "zod";
import { perturbationKindSchema, type PerturbationKind } from "./candidate-schema";
import type { CommentSnapshot } from "./self-check";

// What the perturbation page shows for one candidate, rule-made or LLM-proposed, and what it
// sends back to create one: the comment as it would read after the edit (paper §2: only the
// comment changes; its text, or its file path and diff hunk).

export const perturbedCommentSchema = z.object({
  body: z.string().max(65_536),
  path: z.string().max(4_096).nullable(),
  diffHunk: z.string().max(200_000).nullable(),
});
export type PerturbedComment = z.infer<typeof perturbedCommentSchema>;

const wordDiffSegmentSchema = z.object({ kind: z.enum(["same", "added", "removed"]), text: z.string() });

/** Who made a candidate: a rule, the model (paper §2's method) or an expert who wrote or edited it. */
export const candidateOriginSchema = z.enum(["rule", "llm", "expert"]);
export type CandidateOrigin = z.infer<typeof candidateOriginSchema>;

const selfCheckVerdictSchema = z.object({ ok: z.boolean(), reason: z.string() });

/** The critic's two answers (issue #42 item 3): wrong about the code, and still one coherent comment. */
export const criticVerdictSchema = z.object({ wrongAboutCode: z.boolean(), coherent: z.boolean(), reason: z.string(), model: z.string() });
export type CriticVerdict = z.infer<typeof criticVerdictSchema>;

export const proposedCandidateSchema = z.object({
  /** Stable name of the edit: the same resulting comment always has the same key. */
  key: z.string(),
  kind: perturbationKindSchema,
  origin: candidateOriginSchema,
  rule: z.string(),
  rationale: z.string(),
  score: z.number(),
  perturbed: perturbedCommentSchema,
  /** Word diff against the original: the body for negation/symbol, "path @@ header" for location. */
  diff: z.array(wordDiffSegmentSchema),
  /** symbol: the new name exists in the repository or patch (harder negative); null otherwise. */
  existsInRepository: z.boolean().nullable(),
  /** location: moved to another hunk of the same file; null otherwise. */
  sameFile: z.boolean().nullable(),
  selfCheck: selfCheckVerdictSchema,
  /** The critic's verdict, when a model checked the candidate; null for a candidate no critic saw. */
  critic: criticVerdictSchema.nullable().default(null),
  /** The perturbed instance already made from this exact edit, if any. */
  existingInstanceId: z.string().nullable(),
});
export type ProposedCandidate = z.infer<typeof proposedCandidateSchema>;

export function asSnapshot(comment: PerturbedComment | CommentSnapshot): PerturbedComment {
  return { body: comment.body, path: comment.path ?? null, diffHunk: comment.diffHunk ?? null };
}

/** Key of a resulting comment; kind is left out so one edit cannot be stored twice under two kinds. */
export function perturbationKey(comment: PerturbedComment | CommentSnapshot): string {
  const c = asSnapshot(comment);
  return createHash("sha256")
    .update(JSON.stringify([c.body, c.path, c.diffHunk]))
    .digest("hex")
    .slice(0, 20);
}

/** What a location diff compares: the file and the hunk header, which is all that moves. */
export function anchorLabel(comment: { path?: string | null; diffHunk?: string | null }): string {
  const header = comment.diffHunk?.split("\n").find((l) => l.startsWith("@@")) ?? "";
  return [comment.path ?? "(no file)", header].filter(Boolean).join(" ");
}

export type { PerturbationKind };
