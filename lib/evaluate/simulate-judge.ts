import { seededRandom } from "@/lib/random/seeded";
import type { PredictionFile } from "./parse-predictions";
import type { GoldItem } from "./score-run";

/** A stand-in judge for demos: predicts `true` with a fixed probability per gold class. */
export interface SimulatedJudge {
  name: string;
  seed: number;
  trueRateOnTrustworthy: number;
  trueRateOnUntrustworthy: number;
  /** share of tasks where the judge stops before submitting (step limit), scored invalid */
  noAnswerRate: number;
}

/**
 * Writes the judge's answers as a predictions JSONL, the way a real run is imported: a
 * prediction row per answered task, and the raw output of an unfinished run otherwise.
 */
export function simulateJudge(gold: readonly GoldItem[], judge: SimulatedJudge): PredictionFile {
  const random = seededRandom(judge.seed);
  const lines = gold.map((item) => {
    const stops = random() < judge.noAnswerRate;
    const saysTrue = random() < (item.trustworthy ? judge.trueRateOnTrustworthy : judge.trueRateOnUntrustworthy);
    if (stops) return JSON.stringify({ eval_id: item.evalId, output: "LimitsExceeded: step limit of 30 reached before submitting" });
    return JSON.stringify({ eval_id: item.evalId, prediction: saysTrue });
  });
  return { name: `${judge.name}.jsonl`, text: `${lines.join("\n")}\n` };
}
