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

export function snakeToCamel(name: string): string {
  const lead = /^_*/.exec(name)?.[0] ?? "";
  return lead + name.slice(lead.length).replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function camelToSnake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

const VERB_PREFIXES: Array<[string, string]> = [
  ["get", "fetch"], ["set", "update"], ["is", "has"], ["add", "append"], ["remove", "delete"],
  ["load", "read"], ["create", "make"], ["to", "as"], ["write", "save"], ["validate", "check"],
];

function swapVerbPrefix(name: string, style: Style): string | undefined {
  for (const [a, b] of VERB_PREFIXES) {
    for (const [from, to] of [[a, b], [b, a]]) {
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

/**
 * Plausible names that differ from `name` in one small way (paper §2 example:
 * test_nanmedian → test_nanmedian_impl), best-first. Callers drop the ones that exist.
 */
export function synthesiseNames(name: string): NameVariant[] {
  const style = styleOf(name);
  const out: NameVariant[] = [];
  const add = (candidate: string | undefined, relation: string, score: number) => {
    if (candidate && candidate !== name && /^[A-Za-z_$][\w$]*$/.test(candidate)) out.push({ name: candidate, relation, score });
  };
  if (style === "dunder" || style === "other") {
    if (style === "other") add(toggleLeadingUnderscore(name), "leading underscore toggled", 44);
    return out;
  }
  const openEnd = !name.endsWith("_");
  if (style === "snake" && openEnd) add(`${name}_impl`, "adds an _impl suffix", 52);
  if (style === "camel" || style === "pascal") add(`${name}Impl`, "adds an Impl suffix", 52);
  add(togglePlural(name), "singular/plural toggled", 50);
  if (style !== "pascal") add(toggleLeadingUnderscore(name), "leading underscore toggled", 48);
  if (style === "pascal") add(`Base${name}`, "adds a Base prefix", 46);
  add(swapVerbPrefix(name, style), "verb prefix swapped", 46);
  if (style === "snake" && /[a-z0-9]_[a-z]/.test(name)) add(snakeToCamel(name), "snake_case → camelCase", 44);
  if (style === "camel") add(camelToSnake(name), "camelCase → snake_case", 44);
  if (style === "snake" && openEnd) add(`${name}_v2`, "adds a _v2 suffix", 40);
  if (style === "upper") add(`${name}_V2`, "adds a _V2 suffix", 40);
  if (style === "camel" || style === "pascal") add(`${name}V2`, "adds a V2 suffix", 40);
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
  if (name[0].toLowerCase() === other.replace(/^_+/, "")[0]?.toLowerCase() && name.replace(/_/g, "").toLowerCase() === other.replace(/_/g, "").toLowerCase()) {
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
