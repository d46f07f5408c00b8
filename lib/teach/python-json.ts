// Python's json.dumps(value, ensure_ascii=False) for JSON values: ", " between items, ": " after keys,
// non-ASCII characters as they are. The paper serializes the teacher's payload this way (B.2), so the
// input string is the one its teacher saw, byte for byte.
export function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string" || typeof value === "boolean") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError("pythonJsonDumps: only finite numbers are JSON");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(", ")}]`;
  if (typeof value === "object")
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonJsonDumps(v)}`)
      .join(", ")}}`;
  throw new TypeError(`pythonJsonDumps: ${typeof value} is not JSON`);
}
