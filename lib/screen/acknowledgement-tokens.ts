// Reduces a comment to the tokens that decide whether it is "a brief acknowledgement"
// (paper §2, rule filter): case, punctuation, stretched letters ("thanksss"), emoji skin tones
// and variation selectors, @mentions, commit SHAs, issue refs and URLs carry no meaning there.

// GitHub's "Quote reply" puts the reviewer's words in "> " lines; only the reply counts.
const QUOTED_LINE = /^[ \t]*>.*$/gm;
const URL = /\bhttps?:\/\/\S+/g;
const TOKEN =
  /(:[a-z0-9_+-]+:)|(@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\/[a-z0-9._-]+)?)|(\+1(?![\p{L}\p{N}]))|(#\d+)|([\p{L}\p{N}\p{M}]+(?:['’][\p{L}\p{M}]+)*)|(\p{Regional_Indicator}{2}|\p{Extended_Pictographic})/gu;
const APOSTROPHES = /['’]/g;
const REPEATED_LETTER = /(.)\1+/gu;
// Short hex words with at least one digit are commit SHAs in "Fixed in 3f2a1bc".
const COMMIT_SHA = /^(?=[a-f]*\d)[0-9a-f]{7,40}$/;

/** Case-folds and strips quoted lines and URLs; run once per comment before tokenising. */
export function prepareForAcknowledgement(text: string): string {
  let prepared = text.normalize("NFKC").toLowerCase();
  if (prepared.includes(">")) prepared = prepared.replace(QUOTED_LINE, " ");
  if (prepared.includes("http")) prepared = prepared.replace(URL, " ");
  return prepared;
}

export type TokenKind = "word" | "symbol";
/** What a caller does with a token: match it, ignore it as decoration, or stop (not an acknowledgement). */
export type TokenDecision = "keep" | "skip" | "refuse";

/**
 * Tokens of prepared text, in order. "symbol" tokens are emoji, :shortcodes: and "+1".
 * Stops early (returning the refused text as written) as soon as `decide` refuses, so a long
 * substantive review costs only its first few words.
 */
export function acknowledgementTokens(
  prepared: string,
  decide: (token: string, kind: TokenKind) => TokenDecision = () => "keep",
): { tokens: string[]; refused: string | null } {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(prepared); m !== null; m = TOKEN.exec(prepared)) {
    const [, shortcode, mention, plusOne, issueRef, word, emoji] = m;
    if (mention !== undefined || issueRef !== undefined) continue;
    let token: string;
    let kind: TokenKind = "symbol";
    if (shortcode !== undefined) token = shortcode;
    else if (plusOne !== undefined) token = "+1";
    else if (word !== undefined) {
      if (COMMIT_SHA.test(word)) continue;
      // Collapsing every run (not only 3+) lets "thanksss", "thaanks" and "thanks" meet; list
      // entries go through the same function, so "good" and "goood" both become "god".
      token = word.replace(APOSTROPHES, "").replace(REPEATED_LETTER, "$1");
      kind = "word";
    } else token = emoji as string;
    const decision = decide(token, kind);
    if (decision === "refuse") {
      TOKEN.lastIndex = 0;
      return { tokens, refused: m[0] };
    }
    if (decision === "keep") tokens.push(token);
  }
  return { tokens, refused: null };
}

/** Canonical key of a list entry, e.g. "Thank you!" → "thank you". Empty if nothing matchable. */
export function acknowledgementKey(entry: string): string {
  return acknowledgementTokens(prepareForAcknowledgement(entry)).tokens.join(" ");
}
