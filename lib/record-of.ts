// A record with one value per key of a closed list (splits, stages, label values), built from a
// function, so callers need neither `{} as Record<…>` nor a hand-written literal per key.
export function recordOf<K extends PropertyKey, V>(keys: readonly K[], value: (key: K) => V): Record<K, V> {
  // Object.fromEntries types its result as { [k: string]: V }; every key of K is set right here.
  return Object.fromEntries(keys.map((k) => [k, value(k)])) as Record<K, V>;
}
