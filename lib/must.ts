// Values the surrounding code guarantees (a key every planned row refers to, a relation a query's
// where clause selects). When the guarantee breaks, that is a bug: fail loudly with what was
// missing instead of carrying an undefined on (what a non-null assertion would do).

export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Internal error: ${what} is missing.`);
  return value;
}

export function mustGet<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Internal error: no ${what} for ${String(key)}.`);
  return value;
}
