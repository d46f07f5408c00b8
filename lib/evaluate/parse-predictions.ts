import { z } from "zod";
import { messageOf, fieldsOf } from "@/lib/unknown-value";
import { jsonProblem } from "@/lib/untrusted-json";
import {
  keepFirstPerEvalId,
  OutputRowSchema,
  PredictionRowSchema,
  type ParsedPredictions,
  type PredictionCandidate,
} from "./prediction-records";
import { describeValue, readFinalOutput, readSubmission, type FinalOutputReading } from "./read-final-output";

export interface PredictionFile {
  /** Path or name; a trajectory named `<eval_id>.traj.json` (paper A.3 output_path) gives its eval_id. */
  name: string;
  text: string;
}

/**
 * Parses JSONL predictions: each non-blank line is `{eval_id, prediction}` or
 * `{eval_id, output}` (raw final output with the marker). Blank lines are not records.
 */
export function parsePredictionsJsonl(text: string, file: string | null = null): ParsedPredictions {
  return keepFirstPerEvalId(jsonlCandidates(text, file));
}

/** Parses several files together, so a duplicate eval_id across files is caught too. */
export function parsePredictionFiles(files: readonly PredictionFile[]): ParsedPredictions {
  const candidates = files.flatMap((file) =>
    looksLikeTrajectory(file) ? [trajectoryCandidate(file.text, { file: file.name })] : jsonlCandidates(file.text, file.name),
  );
  return keepFirstPerEvalId(candidates);
}

/** One mini-swe-agent trajectory (`*.traj.json`); eval_id from `evalId` or the file name. */
export function parseTrajectory(text: string, options: { evalId?: string; file?: string } = {}): ParsedPredictions {
  return keepFirstPerEvalId([trajectoryCandidate(text, options)]);
}

function jsonlCandidates(text: string, file: string | null): PredictionCandidate[] {
  const candidates: PredictionCandidate[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === "") return;
    candidates.push(rowCandidate(raw, index + 1, file));
  });
  return candidates;
}

function rowCandidate(raw: string, line: number, file: string | null): PredictionCandidate {
  const invalid = (reason: string, evalId: string | null = null): PredictionCandidate => ({
    valid: false,
    evalId,
    line,
    file,
    reason,
  });
  let row: unknown;
  try {
    row = JSON.parse(raw);
  } catch (error) {
    return invalid(`bad JSON: ${messageOf(error)}`);
  }
  const problem = jsonProblem(row);
  if (problem !== null) return invalid(`refused: ${problem}`);
  const record = fieldsOf(row);
  if (record === null) return invalid(`a row must be a JSON object, got ${describeValue(row)}`);
  const evalId = typeof record.eval_id === "string" && record.eval_id !== "" ? record.eval_id : null;
  if ("prediction" in record && "output" in record) {
    return invalid("row has both prediction and output; give one", evalId);
  }
  const schema = "output" in record ? OutputRowSchema : PredictionRowSchema;
  const parsed = schema.safeParse(record);
  if (!parsed.success) return invalid(describeRowIssues(parsed.error, record), evalId);
  const data = parsed.data;
  if ("prediction" in data) return { valid: true, evalId: data.eval_id, prediction: data.prediction, line, file };
  return fromReading(readFinalOutput(data.output), data.eval_id, line, file, "output");
}

function describeRowIssues(error: z.ZodError, record: Record<string, unknown>): string {
  const allowed = "output" in record ? "eval_id and output" : "eval_id and prediction";
  return error.issues
    .map((issue) => {
      if (issue.code === "unrecognized_keys") {
        return `extra fields ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}; a row holds only ${allowed}`;
      }
      const key = String(issue.path[0] ?? "");
      if (!(key in record)) return `missing ${key}`;
      if (key === "eval_id" && record.eval_id === "") return "eval_id is empty";
      const expected = key === "prediction" ? "a boolean (true/false)" : "a string";
      return `${key} must be ${expected}, got ${describeValue(record[key])}`;
    })
    .join("; ");
}

// mini-swe-agent trajectories carry many more fields; only these are read.
const TrajectoryMessageSchema = z.looseObject({
  role: z.string(),
  content: z.unknown().optional(),
  extra: z.looseObject({ submission: z.string().nullish(), exit_status: z.string().nullish() }).nullish(),
});
const TrajectorySchema = z.looseObject({
  messages: z.array(TrajectoryMessageSchema),
  info: z.looseObject({ exit_status: z.string().nullish(), submission: z.string().nullish() }).nullish(),
});

function trajectoryCandidate(text: string, options: { evalId?: string; file?: string }): PredictionCandidate {
  const file = options.file ?? null;
  const evalId = options.evalId ?? (file === null ? null : evalIdFromFileName(file));
  const invalid = (reason: string): PredictionCandidate => ({ valid: false, evalId, line: null, file, reason });
  if (evalId === null) return invalid("trajectory has no eval_id: pass evalId or name the file <eval_id>.traj.json");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return invalid(`bad JSON: ${messageOf(error)}`);
  }
  // a trajectory's messages quote tool output, which may hold any byte: only depth is refused here,
  // and the submission read from it is checked like a JSONL row's
  const problem = jsonProblem(json, { allowNul: true });
  if (problem !== null) return invalid(`refused: ${problem}`);
  const parsed = TrajectorySchema.safeParse(json);
  if (!parsed.success) return invalid("not a mini-swe-agent trajectory: expected an object with a messages array");
  const { messages, info } = parsed.data;

  // What the harness recorded as submitted wins: mini-swe-agent stores the text after the
  // marker line as `info.submission` (v1) or an `exit` message (v2) once the marker was seen.
  const exitMessage = messages.findLast((message) => message.role === "exit");
  const exitStatus = exitMessage?.extra?.exit_status ?? info?.exit_status ?? null;
  const submission = exitMessage?.extra?.submission ?? info?.submission ?? null;
  if (exitStatus === "Submitted" && submission !== null) {
    return fromReading(readSubmission(submission), evalId, null, file, "submission");
  }
  const last = messages.findLast((message) => message.role === "assistant" || message.role === "tool");
  const reading = last === undefined ? null : readFinalOutput(contentText(last.content));
  if (reading?.ok) return fromReading(reading, evalId, null, file, "last message");
  if (exitStatus !== null && exitStatus !== "Submitted") {
    return invalid(`run ended with ${exitStatus} before submitting a prediction`);
  }
  if (reading === null || last === undefined) return invalid("trajectory has no assistant or tool message");
  return fromReading(reading, evalId, null, file, `last ${last.role} message`);
}

function fromReading(
  reading: FinalOutputReading,
  evalId: string,
  line: number | null,
  file: string | null,
  where: string,
): PredictionCandidate {
  if (reading.ok) return { valid: true, evalId, prediction: reading.prediction, line, file };
  return { valid: false, evalId, line, file, reason: `${where}: ${reading.reason}` };
}

/** Message content is a string, or a list of `{type: "text", text}` parts in some providers' logs. */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part) => (part && typeof part === "object" && typeof part.text === "string" ? part.text : "")).join("\n");
}

function evalIdFromFileName(file: string): string | null {
  const base = file.split(/[\\/]/).pop() ?? "";
  const id = base.replace(/\.traj\.json$/, "").replace(/\.json$/, "");
  return id === "" ? null : id;
}

function looksLikeTrajectory(file: PredictionFile): boolean {
  if (file.name.endsWith(".traj.json")) return true;
  if (file.name.endsWith(".jsonl")) return false;
  // A pretty-printed trajectory spans many lines; one JSONL row is a single line.
  try {
    const json = JSON.parse(file.text);
    return Array.isArray(fieldsOf(json)?.messages);
  } catch {
    return false;
  }
}
