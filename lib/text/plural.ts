// Plurals in words, not "instance(s)": one helper for every sentence a user reads.

/** The noun for a count: plural(1, "comment") → "comment", plural(2, "comment") → "comments". */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return n === 1 ? singular : pluralForm;
}

/** A count with its noun: counted(1, "comment") → "1 comment", counted(1200, "match", "matches") → "1,200 matches". */
export function counted(n: number, singular: string, pluralForm?: string): string {
  return `${n.toLocaleString("en-US")} ${plural(n, singular, pluralForm)}`;
}
