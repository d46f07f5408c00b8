// The teacher's configuration (B.6, Table 10): the model at an OpenAI-compatible base URL, the Responses
// API with a strict JSON schema (chat completions with a JSON schema for providers without it), reasoning
// effort, the output-token budget, the per-request timeout, store=false, no SDK retries, at most three
// follow-ups after the first action of a correction branch. Temperature and top-p are not sent. The
// reviewer reuses the same model and settings (B.7.2).
import { z } from "zod";

export const TeacherApiSchema = z.enum(["responses", "chat"]);
export type TeacherApi = z.infer<typeof TeacherApiSchema>;

export const TeacherSettingsSchema = z.object({
  baseUrl: z.url("Give the teacher's OpenAI-compatible base URL (…/v1)"),
  model: z.string().trim().min(1).max(200),
  api: TeacherApiSchema.default("responses"),
  reasoningEffort: z.enum(["minimal", "low", "medium", "high"]).nullable().default("high"),
  maxOutputTokens: z.coerce.number().int().min(16).max(200_000).default(4096),
  timeoutSeconds: z.coerce.number().int().min(1).max(3_600).default(180),
  /** follow-ups after the first action of a correction branch: the paper's 3, never more */
  followupSteps: z.coerce.number().int().min(0).max(3).default(3),
  /** USD per million tokens, for the page's cost (not sent) */
  promptPricePerMillion: z.coerce.number().min(0).max(10_000).optional(),
  completionPricePerMillion: z.coerce.number().min(0).max(10_000).optional(),
});
export type TeacherSettings = z.infer<typeof TeacherSettingsSchema>;
