import { afterEach, describe, expect, it } from "vitest";
import { createLlmClient } from "@/lib/llm/client";
import { fakeReply, startFakeOpenAiServer, type FakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import type { RealCase } from "./real-eval-set";
import { editOf, realLlmOutcomes, realRankingWithLlm } from "./real-llm-benchmark";

const hunk = [
  "@@ -1,4 +1,12 @@",
  "+def load_entry(path):",
  "+    return read(path)",
  "+",
  "+def save_entry(path, entry):",
  "+    write(path, entry)",
  "+",
  "+def load_index(path):",
  "+    return read(path)",
  "+",
  "+def dump_entry(entry):",
  "+    print(entry)",
  "+",
  "+def parse_entry(text):",
  "+    return text",
].join("\n");
const c: RealCase = {
  id: "cr-m1",
  split: "heldout",
  source: "test",
  project: "p",
  language: "py",
  body: "`load_entry` reads the whole file before parsing.",
  hunk,
};

let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientWith(...bodies: string[]) {
  server = await startFakeOpenAiServer({
    script: [fakeReply.json({ proposals: bodies.map((perturbed_comment) => ({ perturbed_comment, rationale: "" })) })],
  });
  return createLlmClient({ baseUrl: server.url, model: "perturb-model", retryBaseMs: 1 });
}

describe("editOf", () => {
  it("names the one changed stretch, widened to whole words", () => {
    expect(editOf("These imports are not used.", "These imports are used.")).toEqual({ before: "not ", after: "", start: 18 });
    expect(editOf("`load_entry` reads", "`load_entry_impl` reads")).toEqual({ before: "load_entry", after: "load_entry_impl", start: 1 });
    expect(editOf("`load_entry` reads", "`load_index` reads")).toEqual({ before: "load_entry", after: "load_index", start: 1 });
    expect(editOf("same", "same")).toBeUndefined();
  });
});

describe("realRankingWithLlm", () => {
  it("alternates the rules' candidates with the model's that pass the checks, each edit once", async () => {
    const names = ["save_entry", "load_index", "dump_entry", "parse_entry", "json.loads"];
    const client = await clientWith(...names.map((n) => c.body.replace("load_entry", n)));
    const ranking = await realRankingWithLlm(c, {}, [c], "symbol", client);
    const rules = ranking.filter((k) => k.origin === "rule");
    const llm = ranking.filter((k) => k.origin === "llm");
    // the rules show three; the model's proposals the rules also make stay the rules', in their place
    expect(rules).toHaveLength(3);
    expect(llm.length).toBeGreaterThan(0);
    for (const k of llm) expect(rules.map((r) => r.perturbed)).not.toContain(k.perturbed);
    // library API fails the checks and is withheld
    expect(ranking.map((k) => k.spec)).not.toContain("load_entry => json.loads @1");
    expect(ranking.map((k) => k.origin)).toEqual(["rule", "llm", "rule", ...(llm.length > 1 ? ["llm"] : []), "rule"]);
    expect(llm[0].spec).toMatch(/^load_entry => (dump_entry|parse_entry) @1$/);
  });

  it("scores the merged ranking with the set's judgements; the model's unjudged edits count as unjudged", async () => {
    const client = await clientWith(c.body.replace("load_entry", "load_entry_impl"));
    server!.enqueue(fakeReply.json({ proposals: [] }));
    const { outcomes } = await realLlmOutcomes(
      [c],
      {},
      { "cr-m1": { symbol: { good: ["load_entry => save_entry @1"], bad: [] } } },
      client,
    );
    const symbol = outcomes.find((o) => o.kind === "symbol")!;
    expect(symbol.possible).toBe(true);
    expect(symbol.top.map((t) => t.judgement)).toEqual(expect.arrayContaining(["good", "unjudged"]));
  });
});
