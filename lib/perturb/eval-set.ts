import { z } from "zod";
import { escapeRegExp } from "./escape-reg-exp";

// The perturbation evaluation set (issue #18): review comments written for it, with the expected
// judgement of the candidates each generator may make. Validated here, at the file boundary.

/** "from => to": the comment with `from` replaced by `to` (see `expectedText`). */
const editSpecSchema = z.string().regex(/^[\s\S]+ => [\s\S]*$/, 'An edit is written "from => to".');

const kindExpectationSchema = z.object({
  good: z.array(editSpecSchema).default([]),
  bad: z.array(editSpecSchema).default([]),
  /** No valid perturbation of this kind exists (why): every candidate is bad. */
  none: z.string().min(1).optional(),
  /** Symbol only: swapping any of these names (library, builtin, link text) is bad. */
  badNames: z.array(z.string().min(1)).default([]),
});
export type KindExpectation = z.infer<typeof kindExpectationSchema>;

const evalCaseSchema = z.object({
  id: z.string().min(1),
  /** Written after the generators were tuned on the rest, and never tuned on: checks overfitting. */
  heldOut: z.boolean().default(false),
  /** A batch written later by another session, judged by hand before any rule was changed for it. */
  batch: z.string().optional(),
  body: z.string().min(1),
  /** Key into `repositories`: the names defined at the base commit or in the patch. */
  repository: z.string().optional(),
  negation: kindExpectationSchema.optional(),
  symbol: kindExpectationSchema.optional(),
});
export type EvalCase = z.infer<typeof evalCaseSchema>;

const locationCommentSchema = z.object({
  id: z.string().min(1),
  path: z.string().min(1),
  diffHunk: z.string().min(1),
  body: z.string().min(1),
  /** Sibling comment ids whose location is a good move for this comment. */
  good: z.array(z.string()),
  bad: z.array(z.string()),
  none: z.string().min(1).optional(),
});
export type LocationEvalComment = z.infer<typeof locationCommentSchema>;

const locationPullRequestSchema = z.object({
  key: z.string().min(1),
  /** The patch the instances are judged against. */
  patch: z.string().min(1),
  comments: z.array(locationCommentSchema).min(2),
});
export type LocationEvalPullRequest = z.infer<typeof locationPullRequestSchema>;

export type EditKind = "negation" | "symbol";

function parseEdit(spec: string): { from: string; to: string } {
  const at = spec.indexOf(" => ");
  return { from: spec.slice(0, at), to: spec.slice(at + 4) };
}

/**
 * The comment an edit stands for. Negation replaces the first occurrence of `from`; symbol
 * replaces every whole-token occurrence, since a swap must rename each mention consistently.
 * Undefined when `from` does not occur.
 */
export function expectedText(body: string, spec: string, kind: EditKind): string | undefined {
  const { from, to } = parseEdit(spec);
  if (kind === "negation") {
    const at = body.indexOf(from);
    return at < 0 ? undefined : body.slice(0, at) + to + body.slice(at + from.length);
  }
  const token = new RegExp(`(?<![\\w$/])${escapeRegExp(from)}(?![\\w$])`, "g");
  return token.test(body) ? body.replace(token, () => to) : undefined;
}

export type Judgement = "good" | "bad" | "unjudged";

/** A candidate matched by its perturbed text; `swappedName` is the name a symbol swap replaced. */
export function judgeCandidate(
  body: string,
  expectation: KindExpectation,
  kind: EditKind,
  candidate: { text: string; swappedName?: string },
): Judgement {
  if (expectation.none) return "bad";
  if (candidate.swappedName && expectation.badNames.includes(candidate.swappedName)) return "bad";
  if (expectation.good.some((spec) => expectedText(body, spec, kind) === candidate.text)) return "good";
  if (expectation.bad.some((spec) => expectedText(body, spec, kind) === candidate.text)) return "bad";
  return "unjudged";
}

export function judgeLocation(comment: LocationEvalComment, siblingId: string): Judgement {
  if (comment.none || comment.bad.includes(siblingId)) return "bad";
  return comment.good.includes(siblingId) ? "good" : "unjudged";
}

export const evalSetSchema = z
  .object({
    description: z.string(),
    repositories: z.record(z.string(), z.array(z.string().min(1))),
    cases: z.array(evalCaseSchema),
    locationPullRequests: z.array(locationPullRequestSchema),
  })
  .superRefine((set, ctx) => {
    const ids = new Set<string>();
    const all = [...set.cases.map((c) => c.id), ...set.locationPullRequests.flatMap((pr) => pr.comments.map((c) => c.id))];
    for (const id of all) {
      if (ids.has(id)) ctx.addIssue({ code: "custom", message: `Duplicate case id ${id}.` });
      ids.add(id);
    }
    for (const c of set.cases) {
      if (c.repository && !set.repositories[c.repository])
        ctx.addIssue({ code: "custom", message: `${c.id}: unknown repository ${c.repository}.` });
      if (c.symbol && !c.repository) ctx.addIssue({ code: "custom", message: `${c.id}: a symbol expectation needs a repository.` });
      for (const kind of ["negation", "symbol"] as const) {
        const expectation = c[kind];
        for (const spec of [...(expectation?.good ?? []), ...(expectation?.bad ?? [])]) {
          if (expectedText(c.body, spec, kind) === undefined)
            ctx.addIssue({ code: "custom", message: `${c.id}: "${parseEdit(spec).from}" does not occur in the comment.` });
        }
      }
    }
    for (const pr of set.locationPullRequests) {
      const siblings = new Set(pr.comments.map((c) => c.id));
      for (const c of pr.comments) {
        for (const id of [...c.good, ...c.bad]) {
          if (!siblings.has(id) || id === c.id)
            ctx.addIssue({ code: "custom", message: `${pr.key} ${c.id}: ${id} is not another comment of the pull request.` });
        }
      }
    }
  });
export type EvalSet = z.infer<typeof evalSetSchema>;
