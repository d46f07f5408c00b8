// Character counting shared by the length-based rules (short comment, LGTM prefix, patch size).
// "Characters" are Unicode code points, which is what Python's len() (the paper's tooling)
// counts: "👍" is 1, not the 2 UTF-16 units of String.length.

// String.prototype.trim already covers Unicode whitespace and the BOM; zero-width spaces and
// word joiners are invisible in GitHub's UI too, so a comment made of them is empty.
// (A scan from both ends: an anchored /\s+$/ regex backtracks on every inner run of spaces.)
const INVISIBLE = /[\s\u200B-\u200D\u2060\uFEFF]/;

export function trimComment(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && INVISIBLE.test(text[start])) start++;
  while (end > start && INVISIBLE.test(text[end - 1])) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

export function countCharacters(text: string): number {
  let lowSurrogates = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff) lowSurrogates++;
  }
  return text.length - lowSurrogates;
}

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/** 200000 → "200,000": rationales are read by people. (Intl.NumberFormat was the benchmark's hot spot.) */
export function formatCount(n: number): string {
  const digits = String(n);
  return Math.abs(n) < 1000 ? digits : digits.replace(THOUSANDS, ",");
}

export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : pluralForm}`;
}
