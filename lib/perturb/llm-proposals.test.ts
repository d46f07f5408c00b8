import { afterEach, describe, expect, it } from "vitest";
import { createMemoryLlmCache } from "@/lib/llm/cache";
import { createLlmClient } from "@/lib/llm/client";
import { fakeReply, startFakeOpenAiServer, type FakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { seededRandom } from "@/lib/random/seeded";
import { llmPerturbationProposals } from "./llm-proposals";
import { PERTURBATION_PROMPT_VERSION } from "./perturbation-prompt";

const parent = {
  body: "`RateLimitError` is imported but not used in this module; it's only re-exported through `__all__`. Either drop it or import it where it's raised.",
  path: "agentflow/router/retry.py",
  diffHunk:
    "@@ -0,0 +1,38 @@\n+import random\n+import time\n+from typing import Callable, TypeVar\n+\n+from agentflow.exceptions import RateLimitError, ProviderError",
  prTitle: "fix(router): retry 429 responses with jittered backoff",
  knownSymbols: ["RateLimitError", "ProviderError", "retry_with_backoff", "backoff_delay"],
};

let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(...replies: Parameters<FakeOpenAiServer["enqueue"]>) {
  server = await startFakeOpenAiServer({ script: replies });
  return createLlmClient({ baseUrl: server.url, model: "qwen2.5-coder-32b-instruct", retryBaseMs: 1, random: seededRandom(3) });
}

describe("llmPerturbationProposals", () => {
  it("self-checks and diffs every proposal, so a rewrite shows as failing and a twin is dropped", async () => {
    const client = await clientFor(
      fakeReply.json({
        proposals: [
          {
            perturbed_comment: parent.body.replace("imported but not used", "imported and used"),
            rationale: "The import is unused, so saying it is used is wrong.",
          },
          {
            perturbed_comment: parent.body.replace("not used in this module", "used in this module").replace("Either drop it", "Keep it"),
            rationale: "Two edits.",
          },
          { perturbed_comment: parent.body.replace("imported but not used", "imported and used"), rationale: "Same again." },
          { perturbed_comment: parent.body, rationale: "Unchanged." },
        ],
      }),
    );
    const result = await llmPerturbationProposals(client, parent, "negation");
    expect(result.model).toBe("qwen2.5-coder-32b-instruct");
    expect(result.candidates).toHaveLength(2);
    const [good, rewrite] = result.candidates;
    expect(good).toMatchObject({ origin: "llm", rule: "llm:qwen2.5-coder-32b-instruct", selfCheck: { ok: true } });
    expect(good.diff.filter((s) => s.kind !== "same").map((s) => [s.kind, s.text.trim()])).toEqual([
      ["removed", "but not"],
      ["added", "and"],
    ]);
    expect(rewrite.selfCheck).toMatchObject({ ok: false, reason: "The text changes in 2 places, not exactly one." });

    const request = server!.requests[0].body!;
    expect(request.response_format?.json_schema?.name).toBe("perturbation_negation_proposals");
    const user = request.messages!.find((m) => m.role === "user")!.content;
    expect(user).toContain('<<<UNTRUSTED_DATA name="review_comment">>>');
    expect(user).not.toContain("known_symbols");
    expect(request.messages![0].content).toContain("These imports are not used");
  });

  it("marks a symbol swap to a known name, lists the names to the model, and answers from the cache the second time", async () => {
    const client = await clientFor(
      fakeReply.fencedJson({
        proposals: [
          { perturbed_comment: parent.body.replace("`RateLimitError`", "`ProviderError`"), rationale: "ProviderError is used below." },
          { perturbed_comment: parent.body.replace("`RateLimitError`", "`RateLimitExceeded`"), rationale: "Invented name." },
        ],
      }),
    );
    const cache = createMemoryLlmCache();
    const first = await llmPerturbationProposals(client, parent, "symbol", { cache });
    expect(first.candidates.map((c) => [c.existsInRepository, c.selfCheck.ok])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(server!.requests[0].body!.messages!.find((m) => m.role === "user")!.content).toContain("retry_with_backoff");
    const second = await llmPerturbationProposals(client, parent, "symbol", { cache });
    expect(second.cached).toBe(true);
    expect(second.candidates.map((c) => c.key)).toEqual(first.candidates.map((c) => c.key));
    expect(server!.requests).toHaveLength(1);
    expect(PERTURBATION_PROMPT_VERSION).toMatch(/\.v\d+$/);
  });

  it("does not call the model for location, which borrows the PR's other hunks", async () => {
    const client = await clientFor();
    const result = await llmPerturbationProposals(client, parent, "location");
    expect(result.candidates).toEqual([]);
    expect(result.reason).toMatch(/text edits only/);
    expect(server!.requests).toHaveLength(0);
  });

  it("shows the model the commented file's part of the patch, and refuses a swap of library API like the rules do", async () => {
    const client = await clientFor(
      fakeReply.json({
        proposals: [
          { perturbed_comment: parent.body.replace("`__all__`", "`__all_impl__`"), rationale: "Renames a builtin." },
          { perturbed_comment: "Catching `ExceptionImpl` is wrong.", rationale: "Library rename." },
        ],
      }),
    );
    const patch = `diff --git a/${parent.path} b/${parent.path}\n${parent.diffHunk}\ndiff --git a/other.py b/other.py\n@@ -1 +1 @@\n+unrelated_line = 1\n`;
    const result = await llmPerturbationProposals(client, { ...parent, body: "Catching `Exception` is wrong.", patch }, "symbol");
    const user = server!.requests[0].body!.messages!.find((m) => m.role === "user")!.content;
    expect(user).toContain("surrounding_patch");
    expect(user).toContain("from agentflow.exceptions import RateLimitError");
    expect(user).not.toContain("unrelated_line");
    const library = result.candidates.find((c) => c.perturbed.body.includes("ExceptionImpl"));
    expect(library?.selfCheck).toMatchObject({ ok: false, reason: expect.stringMatching(/library or builtin/) });
  });

  it("puts proposals through the rules' checks: no edit of the request, no swap to a name of another kind", async () => {
    const negationClient = await clientFor(
      fakeReply.json({
        proposals: [
          { perturbed_comment: parent.body.replace("Either drop it", "Either keep it"), rationale: "Turns the request around." },
          { perturbed_comment: parent.body.replace("imported but not used", "imported and used"), rationale: "Reverses the claim." },
        ],
      }),
    );
    const negation = await llmPerturbationProposals(negationClient, parent, "negation");
    const [request, claim] = negation.candidates;
    expect(request.selfCheck).toMatchObject({ ok: false, reason: expect.stringMatching(/^Edits no claim about the code: a request/) });
    expect(claim.selfCheck).toMatchObject({ ok: true });
    await server?.close();

    const definitions = [
      { name: "RateLimitError", kind: "type" as const, origin: "code" as const, line: 5 },
      { name: "ProviderError", kind: "type" as const, origin: "code" as const, line: 5 },
      { name: "backoff_delay", kind: "callable" as const, origin: "patch" as const, line: 9 },
    ];
    const symbolClient = await clientFor(
      fakeReply.json({
        proposals: [
          { perturbed_comment: parent.body.replaceAll("RateLimitError", "ProviderError"), rationale: "Another exception class." },
          { perturbed_comment: parent.body.replaceAll("RateLimitError", "backoff_delay"), rationale: "A function." },
        ],
      }),
    );
    const symbol = await llmPerturbationProposals(symbolClient, { ...parent, definitions }, "symbol");
    const [sameKind, otherKind] = symbol.candidates;
    expect(sameKind.selfCheck).toMatchObject({ ok: true });
    expect(otherKind.selfCheck).toMatchObject({ ok: false, reason: expect.stringMatching(/not the same kind/) });
  });
});
