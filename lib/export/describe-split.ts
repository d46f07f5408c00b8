// How the card describes the split a release was made from, read off the SplitRun's stored params.
import type { SplitRunParams } from "@/lib/split/split-run-params";
import type { SplitDescription } from "./render-dataset-card";

export function describeSplit(seed: number, params: SplitRunParams): SplitDescription {
  if (params.method === "imported") return { method: "imported", seed };
  return {
    method: "partition",
    seed,
    testShare: params.testShare,
    validationShare: params.validationShare,
    targets: params.targets,
    maxAbsDeviation: params.maxAbsDeviation,
  };
}
