// What the demo's annotators decided about some demo comments, keyed by the comment's GitHub id.
// Inputs to the real pipeline (submitLabel, adjudicateInstance), not results: the stages, final
// labels and agreement figures the demo shows are computed from them. The instances of PRs #58240
// and #166 are left unlabelled for a newcomer (and the e2e test) to work on.
import type { LabelValue } from "@/lib/annotate/label-schemas";

interface Judgement {
  value: LabelValue;
  rationale: string;
}

export interface DemoJudgement {
  commentId: number;
  first: Judgement;
  /** the second annotator, when they disagree with the first */
  second?: Judgement;
  adjudication?: Judgement;
}

export const DEMO_JUDGEMENTS: DemoJudgement[] = [
  {
    commentId: 1990000201,
    first: {
      value: "trustworthy",
      rationale:
        "_maybe_get_mask returns None for non-NaN dtypes when skipna is False, so _get_values does recompute; the comment is accurate and the author agreed.",
    },
  },
  {
    commentId: 1990000203,
    first: {
      value: "trustworthy",
      rationale: "The skipna=False branch returns np.nan before the new _mask.any() check, and no test covers it with an integer array.",
    },
    second: {
      value: "unsuitable",
      rationale:
        "Whether integer arrays ever reach get_median depends on GroupBy dispatch outside the patch; cannot confirm from what is here.",
    },
  },
  {
    commentId: 1990000204,
    first: {
      value: "trustworthy",
      rationale: 'astype("f8") on an empty object array raises before values.size == 0 is checked; the follow-up commit moves the check.',
    },
  },
  {
    commentId: 1990000401,
    first: {
      value: "trustworthy",
      rationale: "RateLimitError is not referenced in retry.py except in __all__; the comment says exactly that.",
    },
    second: { value: "untrustworthy", rationale: "Re-exporting through __all__ is a use, so calling it unused is wrong." },
    adjudication: {
      value: "trustworthy",
      rationale: "The comment does not call it unused outright: it says it is only re-exported, which is correct in the patched retry.py.",
    },
  },
  {
    commentId: 1990000402,
    first: {
      value: "untrustworthy",
      rationale: "The line above falls back to backoff_delay(attempt) when retry_after is None, so sleep never receives None.",
    },
  },
  {
    commentId: 1990000404,
    first: {
      value: "trustworthy",
      rationale: "_pick_deployment runs once before retry_with_backoff, so every retry goes to the same deployment.",
    },
  },
  {
    commentId: 1990000405,
    first: { value: "trustworthy", rationale: "test_retry.py only exercises 429 and 401; 500 is in RETRYABLE_STATUS but untested." },
  },
  {
    commentId: 2600000501,
    first: { value: "unsuitable", rationale: "A request about scope (fallback across deployments), no technical claim to verify." },
  },
];
