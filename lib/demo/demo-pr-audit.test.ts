import { describe, expect, test } from "vitest";
import { composePullRequestScreen } from "@/lib/screen/compose-screen-requests";
import { PrScreenAnswerSchema } from "@/lib/screen/llm-screen-answer";
import { loadScreeningPrompt } from "@/lib/screen/load-screening-prompt";
import { DEMO_PR_AUDIT, demoPrAuditClient } from "./demo-pr-audit";
import { DEMO_REPOSITORIES } from "./demo-world";

const request = async (repository: string, pr: { number: number; title: string; body: string; patch: string }) => {
  const prompt = await loadScreeningPrompt("pr-screen");
  return {
    ...composePullRequestScreen(prompt, { repository, ...pr, linkedIssues: [] }),
    schema: PrScreenAnswerSchema,
    schemaName: "pr_screen",
  };
};

describe("the demo's written answers to the LLM PR audit", () => {
  const prs = DEMO_REPOSITORIES.flatMap((r) => r.pullRequests.map((pr) => ({ repository: r.fullName, pr })));

  test("answer the composed request of each PR they were written for, as the demo model, with nothing billed", async () => {
    const client = demoPrAuditClient();
    for (const written of DEMO_PR_AUDIT) {
      const found = prs.find(({ repository, pr }) => repository === written.repository && pr.number === written.number);
      if (!found) throw new Error(`${written.repository}#${written.number} is no demo PR`);
      const answer = await client.completeJson(await request(found.repository, found.pr));
      expect(answer.value).toEqual(written.answer);
      expect(answer).toMatchObject({ model: client.model, attempts: 0, usage: { totalTokens: 0 } });
    }
  });

  test("refuse a request about a PR they have no answer for (the one left to the manual queue), instead of guessing", async () => {
    const client = demoPrAuditClient();
    const left = prs.filter(({ pr }) => !DEMO_PR_AUDIT.some((a) => a.number === pr.number));
    expect(left.map(({ pr }) => pr.number)).toEqual([166]);
    for (const { repository, pr } of left) {
      await expect(client.completeJson(await request(repository, pr))).rejects.toThrow(/no written answer/);
    }
  });
});
