// Disjoint id ranges (idAfter, idUpTo] covering sorted ids in about equal parts, so several
// workers can share one run; the first range is open below and the last open above, so ids
// added while the run goes are still covered.
export interface IdRange {
  idAfter?: string;
  idUpTo?: string;
}

export function splitIntoShards(sortedIds: readonly string[], shards: number): IdRange[] {
  const count = Math.max(1, Math.min(shards, sortedIds.length));
  if (count === 1) return [{}];
  const size = Math.ceil(sortedIds.length / count);
  const ranges: IdRange[] = [];
  let after: string | undefined;
  for (let i = 0; i < count; i++) {
    const last = i === count - 1 ? undefined : sortedIds[Math.min(sortedIds.length, (i + 1) * size) - 1];
    if (i < count - 1 && (last === undefined || last === after)) continue;
    ranges.push({ ...(after !== undefined ? { idAfter: after } : {}), ...(last !== undefined ? { idUpTo: last } : {}) });
    after = last;
  }
  return ranges;
}
