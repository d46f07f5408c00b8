import { ruleProposals } from "../rule-proposals";
import type { CandidateGenerator, GeneratorInput, GeneratorResult } from "./candidate-generator";
import { withheldText } from "./candidate-generator";

// The rules behind the generator interface: the whole offer when no model is configured, and after
// the model's candidates when one is (issue #42 item 2).

export function ruleGenerator(): CandidateGenerator {
  return {
    origin: "rule",
    async propose(input: GeneratorInput): Promise<GeneratorResult> {
      const result = ruleProposals(input);
      const shown = result.candidates.filter((c) => c.selfCheck.ok);
      const withheld = result.candidates
        .filter((c) => !c.selfCheck.ok)
        .map((c) => ({
          key: c.key,
          text: withheldText(c),
          perturbed: c.perturbed,
          reason: c.selfCheck.reason,
          origin: c.origin,
          by: "check" as const,
        }));
      return { candidates: shown, withheld, ...(result.reason ? { reason: result.reason } : {}) };
    },
  };
}
