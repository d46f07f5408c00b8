import { messageOf, fieldsOf } from "@/lib/unknown-value";
import { z } from "zod";

// Paper, Appendix A.1.1: the judge finishes with
//   printf '%s\n%s\n' 'COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT' '{"prediction": true}'
// and "the final output after the marker must be one JSON object with exactly one field,
// prediction, whose value is a boolean".
const FINAL_OUTPUT_MARKER = "COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT";

const FinalOutputSchema = z.strictObject({ prediction: z.boolean() });
export type FinalOutput = z.infer<typeof FinalOutputSchema>;

export type FinalOutputReading = { ok: true; prediction: boolean } | { ok: false; reason: string };

/**
 * Reads the prediction from a command output (or a message holding one) that contains the
 * marker on its own line, followed on the next line by the JSON object.
 */
export function readFinalOutput(text: string): FinalOutputReading {
  const lines = text.split(/\r?\n/);
  // mini-swe-agent only submits when the marker is a whole line; tool observations may wrap
  // it (`<output>` …), so any line counts, the first one wins as in mini-swe-agent.
  const markerLine = lines.findIndex((line) => line.trimStart().startsWith(FINAL_OUTPUT_MARKER));
  if (markerLine === -1) {
    return text.includes(FINAL_OUTPUT_MARKER)
      ? fail(`${FINAL_OUTPUT_MARKER} appears but not at the start of a line (a command, not its output?)`)
      : fail(`no ${FINAL_OUTPUT_MARKER} marker line`);
  }
  const sameLine = lines[markerLine].trim().slice(FINAL_OUTPUT_MARKER.length).trim();
  if (sameLine !== "") {
    return fail(`text after ${FINAL_OUTPUT_MARKER} on the same line; the JSON object must follow on the next line`);
  }
  const after = lines.slice(markerLine + 1).join("\n");
  if (after.trim() === "") return fail(`${FINAL_OUTPUT_MARKER} marker without a JSON object after it`);
  return readSubmission(after);
}

/**
 * Reads the text that followed the marker line: mini-swe-agent stores exactly this as the
 * run's `submission`, with the marker line already removed.
 */
export function readSubmission(submission: string): FinalOutputReading {
  const body = submission.trimStart();
  if (body === "") return fail('empty submission; expected {"prediction": true|false}');
  if (body.startsWith(FINAL_OUTPUT_MARKER)) return readFinalOutput(body);
  if (!body.startsWith("{")) {
    return fail(`expected a JSON object after the marker, got ${preview(body)}`);
  }
  const end = endOfJsonObject(body);
  if (end === -1) return fail(`unterminated JSON object after the marker: ${preview(body)}`);
  const trailing = body.slice(end);
  // Observations are recorded as `<output>…</output>`; closing tags are the harness's, not the judge's.
  if (!/^(\s*<\/[A-Za-z_][\w-]*>)*\s*$/.test(trailing)) {
    return fail(`text after the JSON object: ${preview(trailing.trim())}; the final output must be one JSON object`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.slice(0, end));
  } catch (error) {
    return fail(`bad JSON after the marker: ${messageOf(error)}`);
  }
  const result = FinalOutputSchema.safeParse(parsed);
  if (result.success) return { ok: true, prediction: result.data.prediction };
  return fail(describeFinalOutputProblem(parsed));
}

function describeFinalOutputProblem(parsed: unknown): string {
  const record = fieldsOf(parsed);
  if (record === null) return "the final output must be a JSON object";
  const problems: string[] = [];
  const extra = Object.keys(record).filter((key) => key !== "prediction");
  if (!("prediction" in record)) problems.push("missing prediction");
  else if (typeof record.prediction !== "boolean") {
    problems.push(`prediction must be a boolean (true/false), got ${describeValue(record.prediction)}`);
  }
  if (extra.length > 0) {
    problems.push(`extra fields ${extra.map((key) => JSON.stringify(key)).join(", ")}; only "prediction" is allowed`);
  }
  return problems.join("; ");
}

/** Index just past the `}` closing the object that opens at 0, or -1; string-aware. */
function endOfJsonObject(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

export function describeValue(value: unknown): string {
  const kind = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
  return `${preview(JSON.stringify(value) ?? String(value))} (${kind})`;
}

function preview(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function fail(reason: string): FinalOutputReading {
  return { ok: false, reason };
}
