import { judgeCandidate, judgeLocation, type EvalSet, type Judgement } from "./eval-set";
import { negationCandidates } from "./negate-once";
import { locationCandidates } from "./relocate-comment";
import { explainSelfCheck } from "./self-check";
import { symbolCandidates } from "./symbol-swap";

// Scores the rule generators against the evaluation set (issue #18). Per kind and case: the
// top-ranked candidate's judgement, whether the generator made nothing although a valid
// perturbation exists, and how many of the top three are bad. A candidate the self-check
// refuses is bad whatever the expectations say: the page would show it as failing.

export type BenchKind = "negation" | "symbol" | "location";

export type CaseOutcome = {
  id: string;
  heldOut: boolean;
  batch?: string;
  kind: BenchKind;
  /** A valid perturbation exists (the expectation lists a good one). */
  valid: boolean;
  candidates: number;
  top: Array<{ label: string; judgement: Judgement }>;
};

export type KindFigures = { cases: number; valid: number; top1Good: number; top1Unjudged: number; empty: number; top3Bad: number };

export type BenchmarkResult = { outcomes: CaseOutcome[]; byKind: Record<BenchKind, KindFigures> };

const TOP = 3;

/** The expectations' judgement, or bad when the self-check refuses the candidate. */
function checked(body: string, perturbed: string, kind: "negation" | "symbol", judge: () => Judgement): Judgement {
  return explainSelfCheck(body, perturbed, kind).ok ? judge() : "bad";
}

function outcomesOf(set: EvalSet): CaseOutcome[] {
  const outcomes: CaseOutcome[] = [];
  for (const c of set.cases) {
    if (c.negation) {
      const expectation = c.negation;
      const { candidates } = negationCandidates(c.body);
      outcomes.push({
        id: c.id,
        heldOut: c.heldOut,
        batch: c.batch,
        kind: "negation",
        valid: !expectation.none && expectation.good.length > 0,
        candidates: candidates.length,
        top: candidates.slice(0, TOP).map((k) => ({
          label: `${k.before} → ${k.after}`,
          judgement: checked(c.body, k.text, "negation", () => judgeCandidate(c.body, expectation, "negation", { text: k.text })),
        })),
      });
    }
    if (c.symbol) {
      const expectation = c.symbol;
      const knownSymbols = c.repository ? (set.repositories[c.repository] ?? []) : [];
      const { candidates } = symbolCandidates(c.body, { knownSymbols });
      outcomes.push({
        id: c.id,
        heldOut: c.heldOut,
        batch: c.batch,
        kind: "symbol",
        valid: !expectation.none && expectation.good.length > 0,
        candidates: candidates.length,
        top: candidates.slice(0, TOP).map((k) => ({
          label: `${k.before} → ${k.after} [${k.rule}]`,
          judgement: checked(c.body, k.text, "symbol", () =>
            judgeCandidate(c.body, expectation, "symbol", { text: k.text, swappedName: k.before }),
          ),
        })),
      });
    }
  }
  for (const pr of set.locationPullRequests) {
    for (const comment of pr.comments) {
      const target = { id: comment.id, path: comment.path, diffHunk: comment.diffHunk };
      const others = pr.comments.filter((o) => o.id !== comment.id).map((o) => ({ id: o.id, path: o.path, diffHunk: o.diffHunk }));
      const { candidates } = locationCandidates(target, others, { patch: pr.patch, body: comment.body });
      outcomes.push({
        id: comment.id,
        heldOut: false,
        kind: "location",
        valid: !comment.none && comment.good.length > 0,
        candidates: candidates.length,
        top: candidates.slice(0, TOP).map((k) => ({ label: `${String(k.id)} ${k.path}`, judgement: judgeLocation(comment, String(k.id)) })),
      });
    }
  }
  return outcomes;
}

function figuresOf(outcomes: readonly CaseOutcome[]): KindFigures {
  const valid = outcomes.filter((o) => o.valid);
  return {
    cases: outcomes.length,
    valid: valid.length,
    top1Good: valid.filter((o) => o.top[0]?.judgement === "good").length,
    top1Unjudged: valid.filter((o) => o.top[0]?.judgement === "unjudged").length,
    empty: valid.filter((o) => o.candidates === 0).length,
    top3Bad: outcomes.reduce((n, o) => n + o.top.filter((t) => t.judgement === "bad").length, 0),
  };
}

export function runBenchmark(set: EvalSet, only?: (o: CaseOutcome) => boolean): BenchmarkResult {
  const outcomes = outcomesOf(set).filter((o) => !only || only(o));
  const byKind = {
    negation: figuresOf(outcomes.filter((o) => o.kind === "negation")),
    symbol: figuresOf(outcomes.filter((o) => o.kind === "symbol")),
    location: figuresOf(outcomes.filter((o) => o.kind === "location")),
  };
  return { outcomes, byKind };
}

function rate(part: number, whole: number): string {
  return whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)}%`;
}

/** The five headline lines of issue #18, then one detail line per kind. */
export function formatBenchmark(result: BenchmarkResult): string[] {
  const { negation, symbol, location } = result.byKind;
  const kinds = [negation, symbol, location];
  const valid = kinds.reduce((n, k) => n + k.valid, 0);
  const empty = kinds.reduce((n, k) => n + k.empty, 0);
  return [
    `negation_top1_good_rate=${rate(negation.top1Good, negation.valid)} (${negation.top1Good}/${negation.valid})`,
    `symbol_top1_good_rate=${rate(symbol.top1Good, symbol.valid)} (${symbol.top1Good}/${symbol.valid})`,
    `location_top1_good_rate=${rate(location.top1Good, location.valid)} (${location.top1Good}/${location.valid})`,
    `no_candidate_rate=${rate(empty, valid)} (${empty}/${valid} with a valid perturbation got none)`,
    `top3_bad=${kinds.reduce((n, k) => n + k.top3Bad, 0)} (negation ${negation.top3Bad}, symbol ${symbol.top3Bad}, location ${location.top3Bad})`,
    ...(["negation", "symbol", "location"] as const).map((kind) => {
      const k = result.byKind[kind];
      return `# ${kind}: ${k.cases} cases, ${k.valid} with a valid perturbation, top-1 unjudged ${k.top1Unjudged}`;
    }),
  ];
}
