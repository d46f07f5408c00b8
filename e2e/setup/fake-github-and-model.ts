// Sidecar of e2e/crawl-to-export.spec.ts: the fake GitHub of fake-github.ts, and an OpenAI-compatible
// model configured as the app's model for hard negatives (#42: PERTURB_LLM_BASE_URL, PERTURB_LLM_MODEL;
// screening stays without one, as in the rest of the spec). The model
// proposes one edit of any comment (a disclaimer put before it, which passes the sanity checks) and, as
// the critic, refuses every candidate with its reason, so the page shows a critic's refusal and the
// expert writes the negative that is verified and exported.
import { fakeReply, startFakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { serveFakeGitHub } from "./serve-fake-github";

export const CRITIC_REASON = "Only a disclaimer was put before the comment; its claim about the code is unchanged.";

const model = await startFakeOpenAiServer({
  respond: (request) => {
    const system = request.body?.messages?.[0]?.content ?? "";
    const user = request.body?.messages?.[1]?.content ?? "";
    if (system.includes("perturbation_critic_")) {
      return fakeReply.json({ wrong_about_code: false, coherent: true, reason: CRITIC_REASON });
    }
    const comment = /name="review_comment">>>\n([\s\S]*?)\n<<<END_UNTRUSTED_DATA/.exec(user)?.[1] ?? "";
    return fakeReply.json({ proposals: [{ perturbed_comment: `Not so: ${comment}`, rationale: "Puts the claim in doubt." }] });
  },
});

await serveFakeGitHub({
  env: { PERTURB_LLM_BASE_URL: model.url, PERTURB_LLM_MODEL: "e2e-perturb-model" },
  stopAlso: () => model.close(),
});
