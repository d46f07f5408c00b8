import { cachedCompleteJson, type LlmCache } from "@/lib/llm/cache";
import type { LlmClient } from "@/lib/llm/client";
import { anchorLabel, type CriticVerdict, type ProposedCandidate } from "../proposed-candidate";
import { CRITIC_PROMPT_VERSION, CriticAnswerSchema, criticSystemPrompt, criticUserPrompt } from "../critic-prompt";

// The critic (issue #42 item 3): one model call per candidate, seeing the original, the edit and the
// code. A candidate passes only when it is now wrong about the code AND still one coherent comment.

export async function critique(
  client: LlmClient,
  candidate: ProposedCandidate,
  context: { original: { body: string; path: string | null; diffHunk: string | null }; code: string },
  options: { cache?: LlmCache } = {},
): Promise<CriticVerdict> {
  const location = candidate.kind === "location";
  const request = {
    system: criticSystemPrompt(candidate.kind),
    user: criticUserPrompt({
      kind: candidate.kind,
      original: context.original.body,
      edited: candidate.perturbed.body,
      code: location ? (candidate.perturbed.diffHunk ?? "") : context.code,
      ...(location
        ? {
            originalPlace: `${anchorLabel(context.original)}\n${context.original.diffHunk ?? ""}`,
            newPlace: anchorLabel(candidate.perturbed),
          }
        : {}),
    }),
    schema: CriticAnswerSchema,
    schemaName: `perturbation_critic_${candidate.kind}`,
  };
  const result = options.cache
    ? await cachedCompleteJson(client, options.cache, { ...request, promptVersion: CRITIC_PROMPT_VERSION })
    : await client.completeJson(request);
  return {
    wrongAboutCode: result.value.wrong_about_code,
    coherent: result.value.coherent,
    reason: result.value.reason,
    model: result.model,
  };
}

/** Why the critic refused a candidate, or undefined when it passed. */
export function criticRefusal(verdict: CriticVerdict): string | undefined {
  if (verdict.wrongAboutCode && verdict.coherent) return undefined;
  const what = [
    ...(verdict.wrongAboutCode ? [] : ["not wrong about the code"]),
    ...(verdict.coherent ? [] : ["does not read as one coherent comment"]),
  ].join(" and ");
  return `The critic (${verdict.model}): ${what}. ${verdict.reason}`;
}
