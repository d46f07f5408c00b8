// JSON from outside (request bodies, uploaded JSONL and trajectories, cron payloads) is checked
// once, where it comes in, for the two things the rest of the code cannot survive:
// - nesting deeper than any real record: JSON.parse copes, but every later recursive walk
//   (zod, JSON.stringify into a jsonb column, rendering) overflows the stack and answers 500;
// - the NUL character (U+0000), which PostgreSQL's text and jsonb refuse, failing the whole write.
// The walk is iterative, so checking a hostile value cannot overflow the stack either.

/** Deeper than any record the workbench reads (a released row nests 4 levels). */
export const MAX_JSON_DEPTH = 64;

export interface JsonCheckOptions {
  maxDepth?: number;
  /** keep NUL characters (the caller stores them through its own escape) */
  allowNul?: boolean;
}

export type JsonReading = { ok: true; value: unknown } | { ok: false; reason: string };

/** JSON.parse plus the checks of `jsonProblem`; the reason names what is wrong and where. */
export function parseUntrustedJson(text: string, options: JsonCheckOptions = {}): JsonReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const problem = jsonProblem(value, options);
  return problem === null ? { ok: true, value } : { ok: false, reason: problem };
}

/** Why a parsed JSON value cannot be accepted, or null when it can. */
export function jsonProblem(value: unknown, options: JsonCheckOptions = {}): string | null {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: "" }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value: current, depth, path } = next;
    if (typeof current === "string") {
      if (!options.allowNul && current.includes("\u0000"))
        return `${path === "" ? "the text" : `field ${path}`} contains the NUL character (\\u0000)`;
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth >= maxDepth) return `nested more than ${maxDepth} levels deep`;
    if (Array.isArray(current)) {
      current.forEach((item, index) => {
        stack.push({ value: item, depth: depth + 1, path: `${path}[${index}]` });
      });
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (!options.allowNul && key.includes("\u0000"))
        return `a field name ${path === "" ? "at the top level" : `in ${path}`} contains the NUL character (\\u0000)`;
      stack.push({ value: item, depth: depth + 1, path: path === "" ? key : `${path}.${key}` });
    }
  }
  return null;
}

/** Whether a text is free of the NUL character (a zod refinement for single fields). */
export const noNul = (text: string) => !text.includes("\u0000");

/** The first form field whose text holds a NUL character, or null. */
export function formFieldWithNul(form: Iterable<[string, unknown]>): string | null {
  for (const [name, value] of form) if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) return name;
  return null;
}

/** U+2400 SYMBOL FOR NULL: how a NUL quoted in a message (an invalid row's reason) is shown and stored. */
const NUL_SYMBOL = "\u2400";

/**
 * A copy of a value built by our own code (a report, an audit detail) with every NUL in its texts
 * shown as ␀, so quoting hostile input in a message never makes the row unstorable.
 */
export function showNul<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (_key, item: unknown) => (typeof item === "string" ? item.replaceAll("\u0000", NUL_SYMBOL) : item)),
  );
}
