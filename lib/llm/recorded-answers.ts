import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";

// Recorded model answers (issue #42 item 8): a model's answers to the product's exact requests, kept
// in a file with the model named, so a benchmark or a test replays them through the product offline.
// A request is known by its key: the model asked and the messages sent, nothing else (the JSON schema
// is part of the system message the client writes, so a changed schema is a new request).

export type KeyedMessage = { role: string; content: string | null };

export function requestKey(model: string, messages: readonly KeyedMessage[]): string {
  return createHash("sha256")
    .update(JSON.stringify([model, messages.map((m) => [m.role, m.content ?? ""])]))
    .digest("hex")
    .slice(0, 32);
}

export const recordedAnswerSchema = z.object({
  key: z.string().regex(/^[0-9a-f]{32}$/),
  /** What the request was for (e.g. "proposal negation rs-51240"): for people reading the file. */
  label: z.string().default(""),
  /** The answer's `choices[0].message.content`: the JSON the model wrote, as a string. */
  content: z.string(),
});
export type RecordedAnswer = z.infer<typeof recordedAnswerSchema>;

export const recordingSchema = z.object({
  /** The model as the product names it (LLM_MODEL): requests for any other model are not answered. */
  model: z.string().min(1),
  /** Who or what wrote the answers, and how (a provider's model id, or a person). */
  answeredBy: z.string().min(1),
  recordedAt: z.string().min(1),
  note: z.string().default(""),
  answers: z.array(recordedAnswerSchema),
});
export type Recording = z.infer<typeof recordingSchema>;

/** A request nobody has answered yet: what a model (or person) is given to answer. */
export const pendingRequestSchema = z.object({
  key: z.string(),
  label: z.string(),
  model: z.string(),
  messages: z.array(z.object({ role: z.string(), content: z.string().nullable() })),
});
export type PendingRequest = z.infer<typeof pendingRequestSchema>;

export function loadRecording(file: string): Recording {
  return recordingSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

/** Adds answers to a recording file (a newer answer to the same key replaces the older). */
export function addToRecording(file: string, base: Omit<Recording, "answers">, answers: readonly RecordedAnswer[]): Recording {
  const current = existsSync(file) ? loadRecording(file) : { ...base, answers: [] };
  const byKey = new Map(current.answers.map((a) => [a.key, a]));
  for (const a of answers) byKey.set(a.key, a);
  const next = { ...current, answers: [...byKey.values()].sort((a, b) => a.label.localeCompare(b.label) || a.key.localeCompare(b.key)) };
  writeFileSync(file, `${JSON.stringify(next, null, 1)}\n`);
  return next;
}
