// JSON with object keys sorted at every depth: two rows are the same data exactly when their
// canonical forms are equal, whatever order their keys were written in. Arrays keep their order
// (timeline order is data).
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}
