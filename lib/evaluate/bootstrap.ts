import { randomInt, seededRandom } from "@/lib/random/seeded";
import { metricsFromConfusion, tallyConfusion, type ConfusionMetrics, type JudgedItem } from "./confusion-metrics";

export interface BootstrapOptions {
  seed?: number;
  resamples?: number;
  /** central coverage of the interval */
  level?: number;
}

export interface ConfidenceInterval {
  estimate: number;
  lower: number;
  upper: number;
  /** resamples where the metric existed (a resample can lack a whole class) */
  definedResamples: number;
}

export interface BootstrapIntervals {
  seed: number;
  resamples: number;
  level: number;
  accuracy: ConfidenceInterval | null;
  positiveF1: ConfidenceInterval | null;
  negativeF1: ConfidenceInterval | null;
  macroF1: ConfidenceInterval | null;
}

const DEFAULT_BOOTSTRAP_SEED = 42;
const DEFAULT_BOOTSTRAP_RESAMPLES = 1000;

const METRICS = {
  accuracy: (m: ConfusionMetrics) => m.accuracy,
  positiveF1: (m: ConfusionMetrics) => m.positive.f1,
  negativeF1: (m: ConfusionMetrics) => m.negative.f1,
  macroF1: (m: ConfusionMetrics) => m.macroF1,
} as const;
type MetricName = keyof typeof METRICS;
const METRIC_NAMES: readonly MetricName[] = ["accuracy", "positiveF1", "negativeF1", "macroF1"];

/**
 * Percentile bootstrap over gold items (each resample draws n items with replacement),
 * keeping invalid/missing items as unanswered so the CI reflects the strict accuracy.
 * Pass `report.items` from scoreRun. Same seed, same items → same intervals.
 */
export function bootstrapIntervals(items: readonly JudgedItem[], options: BootstrapOptions = {}): BootstrapIntervals {
  const seed = options.seed ?? DEFAULT_BOOTSTRAP_SEED;
  const resamples = options.resamples ?? DEFAULT_BOOTSTRAP_RESAMPLES;
  const level = options.level ?? 0.95;
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError(`resamples must be a positive integer, got ${resamples}`);
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be between 0 and 1, got ${level}`);

  const names = METRIC_NAMES;
  const point = metricsFromConfusion(tallyConfusion(items));
  const draws: Record<MetricName, number[]> = { accuracy: [], positiveF1: [], negativeF1: [], macroF1: [] };
  if (items.length > 0) {
    const random = seededRandom(seed);
    const indices = new Uint32Array(items.length);
    for (let r = 0; r < resamples; r++) {
      for (let k = 0; k < indices.length; k++) indices[k] = randomInt(random, items.length);
      const metrics = metricsFromConfusion(tallyConfusion(items, indices));
      for (const name of names) {
        const value = METRICS[name](metrics);
        if (value !== null) draws[name].push(value);
      }
    }
  }

  const interval = (name: MetricName): ConfidenceInterval | null => {
    const estimate = METRICS[name](point);
    const values = draws[name];
    if (estimate === null || values.length === 0) return null;
    values.sort((a, b) => a - b);
    const tail = (1 - level) / 2;
    return {
      estimate,
      lower: quantile(values, tail),
      upper: quantile(values, 1 - tail),
      definedResamples: values.length,
    };
  };

  return {
    seed,
    resamples,
    level,
    accuracy: interval("accuracy"),
    positiveF1: interval("positiveF1"),
    negativeF1: interval("negativeF1"),
    macroF1: interval("macroF1"),
  };
}

/** Linear interpolation between order statistics (Hyndman–Fan type 7, numpy's default). */
export function quantile(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}
