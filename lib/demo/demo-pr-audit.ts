// The LLM PR audit's answers on the demo's pull requests (paper §2), written by the demo's authors the way
// a careful model answers pr-screen.v1: the demo has no model, and its screening page, manual queue and
// expert audit need LLM decisions to show. The answers go through the real screen (runLlmScreening: the
// composed request, the answer schema, the stored decision with its prompt version); the client below
// only stands where the model's endpoint would, and its name says so on every decision.
import type { z } from "zod";
import { zeroUsage } from "@/lib/llm/chat-completion-response";
import type { CompleteJsonRequest, LlmClient, LlmResult } from "@/lib/llm/client";
import { quoteUntrusted } from "@/lib/llm/prompt-data";
import type { PrScreenAnswer } from "@/lib/screen/llm-screen-answer";
import { DEMO_REPOSITORIES } from "./demo-world";

export const DEMO_SCREEN_MODEL = "demo-screen (answers written for the demo, no model)";
/** A reserved name (RFC 2606): the demo's decisions name no endpoint that could answer. */
const DEMO_SCREEN_URL = "https://demo.invalid/v1";

/**
 * The demo team ran the PR audit on three of the four PRs once annotation had started (the fourth, #166,
 * waits in the manual queue); it kept each: its description explains the problem and the change.
 */
export const DEMO_PR_AUDIT: { repository: string; number: number; answer: PrScreenAnswer }[] = [
  {
    repository: "tabular-labs/frameworks",
    number: 58123,
    answer: {
      verdict: "keep",
      category: "substantive",
      rationale:
        "States the bug (0.0 instead of NaN for all-NaN groups), its cause (the mask computed after filling) and the fix, and links the issue.",
    },
  },
  {
    repository: "tabular-labs/frameworks",
    number: 58240,
    answer: {
      verdict: "keep",
      category: "substantive",
      rationale: "Explains which copy the change avoids and why it is safe, with the benchmark's times and memory before and after.",
    },
  },
  {
    repository: "vectorops/agentflow",
    number: 4411,
    answer: {
      verdict: "keep",
      category: "substantive",
      rationale:
        "Describes the 429 behaviour, the retry policy added (Retry-After, jittered backoff, a cap) and what still raises; links the issue.",
    },
  },
];

/** The block a PR's screening request quotes its title in (compose-screen-requests.ts). */
function titleBlock(repository: string, number: number): string {
  const title = DEMO_REPOSITORIES.find((r) => r.fullName === repository)?.pullRequests.find((pr) => pr.number === number)?.title;
  return quoteUntrusted("pull_request_title", `#${number}: ${title ?? ""}`);
}

/** A client answering the LLM PR audit's requests on the demo PRs from DEMO_PR_AUDIT; any other request is an error. */
export function demoPrAuditClient(): LlmClient {
  return {
    baseUrl: DEMO_SCREEN_URL,
    model: DEMO_SCREEN_MODEL,
    async completeJson<S extends z.ZodType>(request: CompleteJsonRequest<S>): Promise<LlmResult<z.output<S>>> {
      const found = DEMO_PR_AUDIT.find(
        (a) =>
          request.user.includes(quoteUntrusted("repository", a.repository)) && request.user.includes(titleBlock(a.repository, a.number)),
      );
      if (!found) throw new Error("The demo's PR audit has no written answer for this request (a PR outside the demo world?)");
      // no request was made, nothing was billed
      return { value: request.schema.parse(found.answer), usage: zeroUsage, model: DEMO_SCREEN_MODEL, attempts: 0, cached: false };
    },
    async chat() {
      throw new Error("The demo's PR audit answers screening requests only");
    },
  };
}
