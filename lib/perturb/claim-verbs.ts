// The maintained lexicon of claim verbs (issue #18): a review comment's claim often rests on a
// verb ("this breaks…", "leaks the handle", "handles empty headers"), and its reversal is the
// verb's opposite in the same tense rather than a bolted-on "does not". Base forms; the rules
// inflect them. Add a pair when a benchmark comment needs it (scripts/bench-perturb.ts).

/** Verb → the verb (or short verb phrase) that asserts the opposite. */
export const CLAIM_VERB_ANTONYMS: Readonly<Record<string, string>> = {
  break: "keep",
  leak: "release",
  release: "leak",
  handle: "ignore",
  ignore: "check",
  close: "keep open",
  swallow: "raise",
  raise: "swallow",
  mutate: "copy",
  fix: "introduce",
  introduce: "fix",
  allocate: "reuse",
  reuse: "allocate",
  drop: "keep",
  enable: "disable",
  disable: "enable",
  increase: "decrease",
  decrease: "increase",
  allow: "prevent",
  prevent: "allow",
  include: "exclude",
  exclude: "include",
  succeed: "fail",
  skip: "run",
  lock: "unlock",
  unlock: "lock",
  sort: "shuffle",
  escape: "unescape",
  encode: "decode",
  decode: "encode",
};

/**
 * Claim verbs with no good single-word opposite whose reversal is the plain "does not X"; listed
 * because the part-of-speech tagger often reads them as nouns ("The order of the keys matters").
 */
export const NEGATABLE_CLAIM_VERBS: ReadonlySet<string> = new Set([
  "matter",
  "run",
  "work",
  "return",
  "call",
  "use",
  "read",
  "write",
  "change",
  "help",
  "affect",
  "compile",
  "validate",
  "block",
  "cover",
  "support",
  "match",
  "depend",
  "need",
  "apply",
  "retry",
  "wait",
  "hang",
  "crash",
  "fail",
  "pass",
  "throw",
  "log",
  "cache",
  "copy",
  "check",
  "catch",
]);

const IRREGULAR_PAST: Readonly<Record<string, string>> = {
  break: "broke",
  keep: "kept",
  run: "ran",
  write: "wrote",
  read: "read",
  catch: "caught",
  throw: "threw",
  hang: "hung",
};

/** "break" → "breaks", "fix" → "fixes", "copy" → "copies"; for phrases, the first word. */
export function thirdPerson(base: string): string {
  const [head, ...rest] = base.split(" ");
  const inflected = /(?:s|x|z|ch|sh)$/.test(head) ? `${head}es` : /[^aeiou]y$/.test(head) ? `${head.slice(0, -1)}ies` : `${head}s`;
  return [inflected, ...rest].join(" ");
}

/** "leak" → "leaked", "drop" → "dropped", "break" → "broke". */
export function pastTense(base: string): string {
  const [head, ...rest] = base.split(" ");
  let inflected = IRREGULAR_PAST[head];
  if (!inflected) {
    if (head.endsWith("e")) inflected = `${head}d`;
    else if (/[^aeiou]y$/.test(head)) inflected = `${head.slice(0, -1)}ied`;
    else if (/^[^aeiou]*[aeiou][bdgmnpt]$/.test(head)) inflected = `${head}${head.slice(-1)}ed`;
    else inflected = `${head}ed`;
  }
  return [inflected, ...rest].join(" ");
}

export type VerbForm = "base" | "third" | "past";

/** Which lexicon verb a word is, and in what form: "leaks" → leak/third, "dropped" → drop/past. */
export function claimVerbOf(word: string, lexicon: ReadonlySet<string>): { base: string; form: VerbForm } | undefined {
  const lower = word.toLowerCase();
  for (const base of lexicon) {
    if (base.includes(" ")) continue;
    if (lower === base) return { base, form: "base" };
    if (lower === thirdPerson(base)) return { base, form: "third" };
    if (lower === pastTense(base)) return { base, form: "past" };
  }
  return undefined;
}

export function inflect(base: string, form: VerbForm): string {
  return form === "third" ? thirdPerson(base) : form === "past" ? pastTense(base) : base;
}
