import { z } from "zod";
import { sampleWithoutReplacement, seededRandom } from "@/lib/random/seeded";
import { twoSidedZ } from "./inverse-normal-cdf";

// Paper §2: after the LLM screen, two experts audit "383 randomly sampled PRs (confidence level
// of 95% and margin of error of 5%)" of 106,241, a third settling disagreements.

const probability = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .gt(0, { error: `${field} must be greater than 0` })
    .lt(1, { error: `${field} must be less than 1` });

const AuditSampleSizeInputSchema = z.object({
  population: z
    .number({ error: "population must be a number" })
    .int({ error: "population must be a whole number" })
    .nonnegative({ error: "population must not be negative" }),
  confidence: probability("confidence").default(0.95),
  margin: probability("margin").default(0.05),
  /** expected share with the property; 0.5 is the most conservative (largest sample) */
  proportion: probability("proportion").default(0.5),
});
export type AuditSampleSizeInput = z.input<typeof AuditSampleSizeInputSchema>;

/** Cochran's sample size with finite-population correction: n₀ = z²p(1−p)/e², n = n₀ / (1 + (n₀−1)/N). */
export function auditSampleSize(input: AuditSampleSizeInput): number {
  const { population, confidence, margin, proportion } = AuditSampleSizeInputSchema.parse(input);
  if (population === 0) return 0;
  const z = twoSidedZ(confidence);
  const infinite = (z * z * proportion * (1 - proportion)) / (margin * margin);
  const corrected = infinite / (1 + (infinite - 1) / population);
  // The epsilon keeps an exact integer from being pushed up by floating-point noise.
  return Math.min(population, Math.ceil(corrected - 1e-9));
}

/**
 * Seeded, reproducible audit sample. Ids are de-duplicated and sorted first so the result does
 * not depend on database row order; the ids come back in draw order, so a smaller sample drawn
 * with the same seed is a prefix of a larger one.
 */
export function drawAuditSample(ids: readonly string[], size: number, seed: number): string[] {
  const pool = [...new Set(ids)].sort();
  if (!Number.isInteger(size) || size < 0) throw new RangeError(`sample size must be a whole number ≥ 0 (got ${size})`);
  if (size > pool.length) {
    throw new RangeError(`cannot draw an audit sample of ${size} from ${pool.length} distinct ids`);
  }
  return sampleWithoutReplacement(pool, size, seededRandom(seed));
}

export const AuditDecisionSchema = z.enum(["include", "exclude"]);
export type AuditDecision = z.infer<typeof AuditDecisionSchema>;

const ExpertReviewSchema = z.object({
  id: z.string(),
  firstExpert: AuditDecisionSchema,
  secondExpert: AuditDecisionSchema,
});
export type ExpertReview = z.infer<typeof ExpertReviewSchema>;

export type AuditAgreement = {
  reviewed: number;
  agreed: number;
  /** share of items on which both experts decided the same; null before any review */
  rawAgreement: number | null;
  /** ids the experts must discuss (and, failing that, send to the third expert) */
  disagreements: string[];
};

export function auditAgreement(reviews: readonly ExpertReview[]): AuditAgreement {
  const disagreements = reviews.filter((r) => r.firstExpert !== r.secondExpert).map((r) => r.id);
  const agreed = reviews.length - disagreements.length;
  return {
    reviewed: reviews.length,
    agreed,
    rawAgreement: reviews.length === 0 ? null : agreed / reviews.length,
    disagreements,
  };
}

export const FinalAuditDecisionSchema = z.object({
  id: z.string(),
  llmDecision: AuditDecisionSchema,
  /** after discussion, or the third expert's call */
  finalDecision: AuditDecisionSchema,
});
export type FinalAuditDecision = z.infer<typeof FinalAuditDecisionSchema>;

export type LlmErrorRate = {
  reviewed: number;
  errors: number;
  /** LLM kept a PR the experts excluded */
  wrongInclusions: number;
  /** LLM dropped a PR the experts would include */
  wrongExclusions: number;
  rate: number | null;
  interval: { lower: number; upper: number; confidence: number } | null;
};

/** The LLM screen's error rate on the audited sample, with a Wilson score interval. */
export function llmErrorRate(decisions: readonly FinalAuditDecision[], confidence = 0.95): LlmErrorRate {
  const wrongInclusions = decisions.filter((d) => d.llmDecision === "include" && d.finalDecision === "exclude").length;
  const wrongExclusions = decisions.filter((d) => d.llmDecision === "exclude" && d.finalDecision === "include").length;
  const errors = wrongInclusions + wrongExclusions;
  const n = decisions.length;
  if (n === 0) return { reviewed: 0, errors: 0, wrongInclusions: 0, wrongExclusions: 0, rate: null, interval: null };
  return { reviewed: n, errors, wrongInclusions, wrongExclusions, rate: errors / n, interval: wilsonInterval(errors, n, confidence) };
}

/** Wilson (1927) score interval; unlike the Wald interval it stays inside [0, 1] at 0 errors. */
export function wilsonInterval(successes: number, n: number, confidence = 0.95) {
  if (n <= 0) throw new RangeError(`a Wilson interval needs at least one observation (got ${n})`);
  const z = twoSidedZ(confidence);
  const p = successes / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const halfWidth = (z / (1 + z2n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return { lower: Math.max(0, centre - halfWidth), upper: Math.min(1, centre + halfWidth), confidence };
}
