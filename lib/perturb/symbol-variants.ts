import nlp from "compromise";
import { editDistance, sharedPrefixLength } from "./edit-distance";

/** How a swapped-in name relates to the original; explains the candidate to the expert. */
export type NameVariant = { name: string; relation: string; score: number };

type Style = "snake" | "upper" | "camel" | "pascal" | "dunder" | "other";

function styleOf(name: string): Style {
  if (/^__\w+__$/.test(name)) return "dunder";
  const core = name.replace(/^_+/, "");
  if (/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*_*$/.test(core)) return "snake";
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/.test(core)) return "upper";
  if (/^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/.test(core)) return "camel";
  if (/^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*$/.test(core)) return "pascal";
  return "other";
}

function pluralOfWord(word: string): string {
  const upper = word.length > 1 && word === word.toUpperCase();
  const lower = word.toLowerCase();
  let result: string;
  if (/[^aeiou]ies$/.test(lower)) result = `${lower.slice(0, -3)}y`;
  else if (/(?:s|x|z|ch|sh)es$/.test(lower)) result = lower.slice(0, -2);
  else if (/ss$/.test(lower)) result = `${lower}es`;
  else if (/s$/.test(lower)) result = lower.slice(0, -1);
  else if (/[^aeiou]y$/.test(lower)) result = `${lower.slice(0, -1)}ies`;
  else if (/(?:x|z|ch|sh)$/.test(lower)) result = `${lower}es`;
  else result = `${lower}s`;
  if (upper) return result.toUpperCase();
  return word[0] === lower[0] ? result : word[0] + result.slice(1);
}

// Words whose number spelling cannot be flipped by rule: "series", "analysis", "groupby".
const NO_NUMBER = /(?:series|species|is|us|ss|by|ly|ed|ing|news|data|info|[0-9])$/i;

/** Toggles the number of the name's last word: get_user ↔ get_users, getEntry ↔ getEntries. */
export function togglePlural(name: string): string | undefined {
  const m = /^(.*?)([A-Za-z][a-z0-9]*|[A-Z0-9]+)(_*)$/.exec(name);
  if (!m || m[2].length < 2 || NO_NUMBER.test(m[2])) return undefined;
  return m[1] + pluralOfWord(m[2]) + m[3];
}

/**
 * `parseQuery` → `parse`: a near miss that keeps only the first words of the name is a more general
 * thing (often library API, such as `JSON.parse`), not the same symbol misnamed.
 */
export function dropsWholeWords(original: string, variant: string): boolean {
  if (!original.startsWith(variant) || variant.length === original.length) return false;
  const rest = original.slice(variant.length);
  return /^(_[A-Za-z0-9]|[A-Z])/.test(rest) && !/[A-Z_]/.test(variant.slice(1));
}

export function snakeToCamel(name: string): string {
  const lead = /^_*/.exec(name)?.[0] ?? "";
  return lead + name.slice(lead.length).replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function camelToSnake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

const VERB_PREFIXES: Array<[string, string]> = [
  ["get", "fetch"],
  ["set", "update"],
  ["is", "has"],
  ["add", "append"],
  ["remove", "delete"],
  ["load", "read"],
  ["create", "make"],
  ["to", "as"],
  ["write", "save"],
  ["validate", "check"],
];

function swapVerbPrefix(name: string, style: Style): string | undefined {
  for (const [a, b] of VERB_PREFIXES) {
    for (const [from, to] of [
      [a, b],
      [b, a],
    ]) {
      if (style === "snake" && name.startsWith(`${from}_`)) return to + name.slice(from.length);
      if (style === "camel" && new RegExp(`^${from}[A-Z]`).test(name)) return to + name.slice(from.length);
    }
  }
  return undefined;
}

function toggleLeadingUnderscore(name: string): string {
  if (name.startsWith("__")) return name.slice(1);
  return name.startsWith("_") ? name.slice(1) : `_${name}`;
}

// Consonant runs English words have; any other run of three ("utcnow") marks a non-word.
const CONSONANT_RUNS = new Set([
  "str",
  "scr",
  "spr",
  "spl",
  "shr",
  "thr",
  "chr",
  "sch",
  "tch",
  "nch",
  "ngs",
  "nth",
  "rth",
  "rch",
  "lch",
  "ght",
  "mpl",
  "mpt",
  "nct",
  "ndl",
  "rst",
  "rts",
  "nts",
  "nds",
  "lds",
  "rds",
  "cks",
  "sts",
  "sks",
  "lts",
  "rks",
  "lls",
  "ffs",
  "pts",
  "cts",
  "nks",
  "lks",
  "mps",
  "rms",
  "lms",
  "rns",
  "ngl",
  "ckl",
  "ssw",
  "ndr",
  "ntr",
  "rtn",
  "lth",
  "nfl",
  "nfr",
  "rdw",
  "tst",
  "ngt",
  "gth",
]);

/** Spelled like an English word: has a vowel, no unpronounceable consonant run, not an acronym. */
export function looksLikeWord(word: string): boolean {
  const lower = word.toLowerCase();
  if (lower.length < 3 || word === word.toUpperCase() || !/[aeiouy]/.test(lower)) return false;
  for (const m of lower.matchAll(/[^aeiouy]{3,}/g)) {
    for (let i = 0; i + 3 <= m[0].length; i++) if (!CONSONANT_RUNS.has(m[0].slice(i, i + 3))) return false;
  }
  return true;
}

/** The other number of an English noun ("email" ↔ "emails", "entry" ↔ "entries"), or undefined. */
function otherNumber(word: string): string | undefined {
  const lower = word.toLowerCase();
  if (!looksLikeWord(lower) || NO_NUMBER.test(lower)) return undefined;
  const alone = nlp(lower).json()[0]?.terms?.[0]?.tags;
  if (Array.isArray(alone) && (alone.includes("Adjective") || alone.includes("Adverb"))) return undefined; // strict, flat
  const phrase = nlp(`the ${lower}`);
  const noun = phrase.nouns();
  if (!noun.found) return undefined;
  const flipped = noun.isPlural().found ? noun.toSingular().text() : noun.toPlural().text();
  const result = flipped.replace(/^the\s+/i, "");
  return /^[a-z]+$/.test(result) && result !== lower ? result : undefined;
}

/**
 * Toggles the number of the name's last word for an invented name, only when that word is an
 * English noun and the result is one too: getUser → getUsers, normalize_email → normalize_emails,
 * but never assertRaises → assertRais, utcnow → utcnows or strict → stricts.
 */
export function inventedPlural(name: string): string | undefined {
  const m = /^(.*?)([A-Za-z][a-z0-9]*|[A-Z0-9]+)(_*)$/.exec(name);
  if (!m || m[2].length < 3) return undefined;
  const word = m[2];
  const upper = word === word.toUpperCase();
  if (upper && m[1] === "") return undefined; // README, URL: an acronym, not a noun
  const flipped = otherNumber(word);
  if (!flipped) return undefined;
  if (upper) return m[1] + flipped.toUpperCase() + m[3];
  return m[1] + (word[0] === word[0].toUpperCase() ? flipped[0].toUpperCase() + flipped.slice(1) : flipped) + m[3];
}

/**
 * Plausible names that differ from `name` in one small way and keep its style (paper §2
 * example: test_nanmedian → test_nanmedian_impl), best-first. Every variant is made of words:
 * number changes only on English nouns, no version suffixes, no case-style changes.
 * Callers drop the ones that exist.
 */
export function synthesiseNames(name: string): NameVariant[] {
  const style = styleOf(name);
  const out: NameVariant[] = [];
  const add = (candidate: string | undefined, relation: string, score: number) => {
    if (candidate && candidate !== name && /^[A-Za-z_$][\w$]*$/.test(candidate)) out.push({ name: candidate, relation, score });
  };
  if (style === "dunder" || style === "other") return out;
  const openEnd = !name.endsWith("_");
  if (style === "snake" && openEnd) add(`${name}_impl`, "adds an _impl suffix", 52);
  if (style === "camel" || style === "pascal") add(`${name}Impl`, "adds an Impl suffix", 52);
  add(inventedPlural(name), "singular/plural toggled", 50);
  if (style !== "pascal" && style !== "upper") add(toggleLeadingUnderscore(name), "leading underscore toggled", 48);
  add(swapVerbPrefix(name, style), "verb prefix swapped", 46);
  if (style === "pascal") add(`Base${name}`, "adds a Base prefix", 44);
  return out.filter((v, i) => out.findIndex((w) => w.name === v.name) === i);
}

function extendsWith(longer: string, shorter: string): boolean {
  if (longer.length <= shorter.length || !longer.startsWith(shorter)) return false;
  const next = longer[shorter.length];
  return next === "_" || (next >= "A" && next <= "Z") || (next >= "0" && next <= "9");
}

const swappedPrefixes = new Map<string, string | undefined>();

function swappedPrefixOf(name: string): string | undefined {
  if (!swappedPrefixes.has(name)) {
    if (swappedPrefixes.size > 10_000) swappedPrefixes.clear();
    swappedPrefixes.set(name, swapVerbPrefix(name, styleOf(name)));
  }
  return swappedPrefixes.get(name);
}

/**
 * How an existing repository name is a near miss of `name` (edit distance, shared prefix,
 * suffix, plural, underscore or case style), or undefined when it is unrelated. Cheap tests
 * run first: this is called once per repository name.
 */
export function nearMissRelation(name: string, other: string): NameVariant | undefined {
  if (other === name || other.length < 2) return undefined;
  const lengthGap = Math.abs(name.length - other.length);
  if (lengthGap <= 2 && name.replace(/^_+/, "") === other.replace(/^_+/, "")) {
    return { name: other, relation: "leading underscore differs", score: 95 };
  }
  if (lengthGap <= 3 && (togglePlural(name) === other || togglePlural(other) === name)) {
    return { name: other, relation: "singular/plural differs", score: 95 };
  }
  if (
    name[0].toLowerCase() === other.replace(/^_+/, "")[0]?.toLowerCase() &&
    name.replace(/_/g, "").toLowerCase() === other.replace(/_/g, "").toLowerCase()
  ) {
    return { name: other, relation: "same words, other case style", score: 94 };
  }
  if (extendsWith(other, name) && other.length - name.length <= 12) {
    return { name: other, relation: "adds a suffix", score: 92 - Math.min(8, Math.floor((other.length - name.length) / 3)) };
  }
  if (swappedPrefixOf(name) === other) return { name: other, relation: "verb prefix differs", score: 88 };
  if (extendsWith(name, other) && other.length >= 3) return { name: other, relation: "drops a suffix", score: 86 };
  if (name[0].toLowerCase() !== other[0].toLowerCase()) return undefined;
  const limit = name.length <= 4 ? 1 : name.length <= 8 ? 2 : 3;
  const distance = editDistance(name, other, limit);
  if (distance <= limit) {
    return { name: other, relation: `${distance} character edit${distance === 1 ? "" : "s"} away`, score: 90 - 6 * distance };
  }
  const prefix = sharedPrefixLength(name, other);
  if (prefix >= 4 && prefix >= 0.6 * Math.max(name.length, other.length)) {
    return { name: other, relation: "shares a long prefix", score: 78 };
  }
  return undefined;
}
