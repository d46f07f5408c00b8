// Adds a model's answers to a recording (issue #42 item 8). The answers file has one JSON line per
// request: {"key": "<request key>", "content": "<the reply>"}, answering the requests bench-perturb wrote
// with --pending (which has each request's key and messages). Labels come from the pending file.
// Run: npx tsx scripts/add-model-answers.ts --pending FILE --answers FILE [--recording FILE]
import { readFileSync } from "node:fs";
import { z } from "zod";
import { parseCli } from "@/lib/cli/parse-cli";
import { addToRecording, loadRecording, pendingRequestSchema } from "@/lib/llm/recorded-answers";
import { DEFAULT_RECORDING_PATH } from "@/lib/perturb/model-recording";

const { values } = parseCli(
  { url: import.meta.url },
  { options: { pending: { type: "string" }, answers: { type: "string" }, recording: { type: "string", default: DEFAULT_RECORDING_PATH } } },
);
if (!values.pending || !values.answers) throw new Error("--pending and --answers are required (see --help)");
const lines = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim());
const pending = new Map(
  lines(values.pending)
    .map((l) => pendingRequestSchema.parse(JSON.parse(l)))
    .map((p) => [p.key, p]),
);
const answerSchema = z.object({ key: z.string(), content: z.string() });
const answers = lines(values.answers).map((l, i) => {
  const parsed = answerSchema.safeParse(JSON.parse(l));
  if (!parsed.success) throw new Error(`${values.answers} line ${i + 1}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
});
const unknown = answers.filter((a) => !pending.has(a.key));
if (unknown.length > 0) throw new Error(`${unknown.length} answers have no pending request, e.g. ${unknown[0].key}`);
const current = loadRecording(values.recording);
const next = addToRecording(
  values.recording,
  current,
  answers.map((a) => ({ key: a.key, label: pending.get(a.key)?.label ?? "", content: a.content })),
);
console.log(`added=${answers.length}`);
console.log(`recorded_answers=${next.answers.length}`);
console.log(`still_pending=${[...pending.keys()].filter((k) => !next.answers.some((a) => a.key === k)).length}`);
