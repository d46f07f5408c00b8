import { yesNoKappa as cohensKappa } from "@/lib/annotate/cohen-kappa";
import type { TextCandidate } from "./candidate-schema";
import { type Definition, namesOfCode } from "./code-definitions";
import { identifiersIn, identifiersInPatch } from "./collect-known-symbols";
import { negationCandidates } from "./negate-once";
import { editSpec, type KindJudgement, type RealCase, type RealJudgements, type RealSplit } from "./real-eval-set";
import { symbolCandidates } from "./symbol-swap";

// Scores the rule generators on the real-comment set (issue #28). Per comment and kind: whether a
// valid perturbation is possible (judged per comment), the top three candidates' judgements, and
// which candidates nobody has judged yet (to hand to a rater).

export type RealKind = "negation" | "symbol";
export type RealJudgement = "good" | "bad" | "unjudged";

export type RealOutcome = {
  id: string;
  split: RealSplit;
  /** "location": scored by real-location.ts, counted in the shared figures like the others. */
  kind: RealKind | "location";
  /** undefined: nobody has judged whether a perturbation is possible. */
  possible: boolean | undefined;
  candidates: number;
  top: Array<{ spec: string; judgement: RealJudgement }>;
};

const TOP = 3;

/** Names the symbol generator may use: the hunk's and the file's, as the product reads a repository. */
function knownSymbolsOf(hunk: string, file: string | undefined): string[] {
  const { identifiers, paths } = identifiersInPatch(hunk);
  const names = new Set([...identifiers, ...paths]);
  for (const id of identifiersIn(file ?? "")) names.add(id);
  return [...names];
}

/** The names the hunk and the file define, as the product reads them from a parent's patch and files. */
function definitionsOf(hunk: string, file: string | undefined): Definition[] {
  return namesOfCode({ files: file ? [file] : [], patch: hunk });
}

function judge(judgement: KindJudgement | undefined, spec: string): RealJudgement {
  if (judgement?.none) return "bad";
  if (judgement?.good.includes(spec)) return "good";
  if (judgement?.bad.includes(spec)) return "bad";
  return "unjudged";
}

/** The pull request a thread comment of the release belongs to (its instance id), or undefined for a CodeReviewer row. */
function pullRequestOf(c: RealCase): string | undefined {
  return /^EuniAI\/CRJudgeBench [^,]+, ([^,]+),/.exec(c.source)?.[1];
}

/**
 * The code a comment was written on: its hunk, and for a thread comment of the release every hunk
 * its pull request's threads were written on (a comment on the whole pull request has no hunk of
 * its own, but the product reads the pull request's patch for it).
 */
function codeOf(c: RealCase, cases: readonly RealCase[]): string {
  const pr = pullRequestOf(c);
  if (!pr) return c.hunk;
  const hunks = new Set([c.hunk, ...cases.filter((k) => pullRequestOf(k) === pr).map((k) => k.hunk)]);
  return [...hunks].filter((h) => h.trim()).join("\n");
}

/** What the generators read for one comment: its code (hunks), the names there, and their definitions. */
export function realCodeContext(
  c: RealCase,
  files: Record<string, string>,
  cases: readonly RealCase[] = [],
): { code: string; knownSymbols: string[]; definitions: Definition[] } {
  const code = codeOf(c, cases);
  return { code, knownSymbols: knownSymbolsOf(code, files[c.id]), definitions: definitionsOf(code, files[c.id]) };
}

/** One generator's candidates for a comment, given what it reads of the code (realCodeContext). */
export function realCandidatesOf(kind: RealKind, body: string, context: ReturnType<typeof realCodeContext>): TextCandidate[] {
  return kind === "negation"
    ? negationCandidates(body).candidates
    : symbolCandidates(body, { knownSymbols: context.knownSymbols, definitions: context.definitions }).candidates;
}

/** Both generators' candidates for one comment, as the perturbation page would make them. */
export function realCandidates(
  c: RealCase,
  files: Record<string, string>,
  cases: readonly RealCase[] = [],
): Record<RealKind, TextCandidate[]> {
  const context = realCodeContext(c, files, cases);
  return { negation: realCandidatesOf("negation", c.body, context), symbol: realCandidatesOf("symbol", c.body, context) };
}

/** One comment's outcome for one kind: its ranking (as specs, best first) judged against the comment's judgements. */
export function outcomeOf(
  c: RealCase,
  kind: RealOutcome["kind"],
  judgement: KindJudgement | undefined,
  specs: readonly string[],
): RealOutcome {
  return {
    id: c.id,
    split: c.split,
    kind,
    possible: judgement === undefined ? undefined : !judgement.none,
    candidates: specs.length,
    top: specs.slice(0, TOP).map((spec) => ({ spec, judgement: judge(judgement, spec) })),
  };
}

export function realOutcomes(cases: readonly RealCase[], files: Record<string, string>, judgements: RealJudgements): RealOutcome[] {
  const outcomes: RealOutcome[] = [];
  for (const c of cases) {
    const results = realCandidates(c, files, cases);
    for (const kind of ["negation", "symbol"] as const)
      outcomes.push(
        outcomeOf(
          c,
          kind,
          judgements[c.id]?.[kind],
          results[kind].map((k) => editSpec(k)),
        ),
      );
  }
  return outcomes;
}

export type RealFigures = {
  comments: number;
  possible: number;
  top1Good: number;
  empty: number;
  withCandidates: number;
  top3AnyBad: number;
  unjudged: number;
};

function realFigures(outcomes: readonly RealOutcome[]): RealFigures {
  const possible = outcomes.filter((o) => o.possible);
  const withCandidates = outcomes.filter((o) => o.candidates > 0);
  return {
    comments: outcomes.length,
    possible: possible.length,
    top1Good: possible.filter((o) => o.top[0]?.judgement === "good").length,
    empty: possible.filter((o) => o.candidates === 0).length,
    withCandidates: withCandidates.length,
    top3AnyBad: withCandidates.filter((o) => o.top.some((t) => t.judgement === "bad")).length,
    unjudged:
      outcomes.reduce((n, o) => n + o.top.filter((t) => t.judgement === "unjudged").length, 0) +
      outcomes.filter((o) => o.possible === undefined).length,
  };
}

function rate(part: number, whole: number): string {
  return whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)}% (${part}/${whole})`;
}

/** The headline lines for one half, prefixed (`dev_`, `heldout_`). */
export function formatRealFigures(prefix: string, outcomes: readonly RealOutcome[]): string[] {
  const negation = realFigures(outcomes.filter((o) => o.kind === "negation"));
  const symbol = realFigures(outcomes.filter((o) => o.kind === "symbol"));
  const location = realFigures(outcomes.filter((o) => o.kind === "location"));
  const both = realFigures(outcomes);
  return [
    `${prefix}negation_top1_good_rate=${rate(negation.top1Good, negation.possible)}`,
    `${prefix}symbol_top1_good_rate=${rate(symbol.top1Good, symbol.possible)}`,
    `${prefix}location_top1_good_rate=${rate(location.top1Good, location.possible)}`,
    `${prefix}top3_any_bad_rate=${rate(both.top3AnyBad, both.withCandidates)}`,
    `${prefix}no_candidate_rate=${rate(both.empty, both.possible)}`,
    `# ${prefix}: ${negation.comments} comments; negation possible ${negation.possible}, symbol possible ${symbol.possible}; unjudged ${both.unjudged}`,
    `# ${prefix}: ${location.comments} inline comments with a place; location possible ${location.possible}, with a move ${location.withCandidates}, top-3 with a bad move ${location.top3AnyBad}; unjudged ${location.unjudged}`,
  ];
}

export { cohensKappa };

export type Agreement = Record<RealKind, { possible: Array<[boolean, boolean]>; candidates: Array<[boolean, boolean]> }>;

/** The calls both raters made: whether a perturbation is possible, and good/bad of each candidate both judged. */
export function agreement(cases: readonly RealCase[], first: RealJudgements, second: RealJudgements): Agreement {
  const out: Agreement = { negation: { possible: [], candidates: [] }, symbol: { possible: [], candidates: [] } };
  const verdict = (j: KindJudgement, spec: string) =>
    j.none ? false : j.good.includes(spec) ? true : j.bad.includes(spec) ? false : undefined;
  for (const c of cases) {
    for (const kind of ["negation", "symbol"] as const) {
      const a = first[c.id]?.[kind];
      const b = second[c.id]?.[kind];
      if (!a || !b) continue;
      out[kind].possible.push([!a.none, !b.none]);
      for (const spec of new Set([...a.good, ...a.bad, ...b.good, ...b.bad])) {
        const va = verdict(a, spec);
        const vb = verdict(b, spec);
        if (va !== undefined && vb !== undefined) out[kind].candidates.push([va, vb]);
      }
    }
  }
  return out;
}

export function formatAgreement(a: Agreement): string[] {
  return (["negation", "symbol"] as const).flatMap((kind) =>
    (["possible", "candidates"] as const).map((what) => {
      const pairs = a[kind][what];
      const same = pairs.filter(([x, y]) => x === y).length;
      return `dev_rater_agreement_${kind}_${what}=${rate(same, pairs.length)} kappa ${cohensKappa(pairs).toFixed(2)}`;
    }),
  );
}
