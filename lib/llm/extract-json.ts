import { messageOf } from "@/lib/unknown-value";
/**
 * Pulls the JSON object out of a model's message content.
 *
 * Servers that honour `response_format` return bare JSON, but smaller self-hosted models (and
 * servers that ignore the field) often wrap it in a ```json fence or open with a sentence such as
 * "Here is the result:". We therefore take the FIRST balanced `{…}` in the text (string-aware, so
 * braces inside string values do not count) and parse only that. Anything after it is ignored.
 * Returns `{ ok: false, reason }` when no complete object parses, so the caller can ask again.
 *
 * Kept by hand (#47): the `openai` SDK's structured-output parsing (`chat.completions.parse` with
 * `zodResponseFormat`, which client.ts uses for the request) runs `JSON.parse` over the whole content,
 * so it refuses the fenced or prose-led replies above, and it throws without handing back the response,
 * losing the tokens it cost and the text our corrective re-ask quotes to the model.
 */
export type ExtractedJson = { ok: true; value: unknown } | { ok: false; reason: string };

export function extractJsonObject(content: string): ExtractedJson {
  let searchFrom = 0;
  let lastReason = "the reply contains no JSON object";
  while (true) {
    const start = content.indexOf("{", searchFrom);
    if (start === -1) return { ok: false, reason: lastReason };
    const end = findObjectEnd(content, start);
    if (end === -1) return { ok: false, reason: "the JSON object in the reply is not closed (truncated output?)" };
    try {
      return { ok: true, value: JSON.parse(content.slice(start, end + 1)) };
    } catch (error) {
      // A stray "{" in leading prose (e.g. "use {braces}") is not the object; try the next one.
      lastReason = `the reply is not valid JSON (${messageOf(error)})`;
      searchFrom = start + 1;
    }
  }
}

/** Index of the `}` closing the object that opens at `start`, or -1 if it never closes. */
function findObjectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "{") depth++;
    else if (ch === "}") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}
