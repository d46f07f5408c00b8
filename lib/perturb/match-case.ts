/** Gives a replacement the capitalisation of the word it replaces ("Can't" → "Can", "NOT" → …). */
export function matchCase(original: string, replacement: string): string {
  if (replacement === "") return replacement;
  if (original.length > 1 && /[A-Z]/.test(original) && original === original.toUpperCase()) return replacement.toUpperCase();
  if (/^[A-Z]/.test(original)) return replacement[0].toUpperCase() + replacement.slice(1);
  return replacement;
}

/** Re-applies the text's apostrophe (’ or ') to a contraction written with a straight one. */
export function withApostrophe(word: string, apostrophe: string): string {
  return apostrophe === "'" ? word : word.replace(/'/g, apostrophe);
}
