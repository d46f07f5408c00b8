import { describe, expect, it } from "vitest";
import { negationCandidates } from "./negate-once";

// The comment-level refusals of lib/perturb/claim-context, through the negation generator: each
// comment's shape comes from a real review thread (issue #28), reworded.

function edits(text: string): string[] {
  return negationCandidates(text).candidates.map((c) => `${c.before.trim()} => ${c.after.trim()}`);
}

describe("negation refusals that read the whole comment", () => {
  it("leaves a presentation that ends in a colon alone, but not a claim that does", () => {
    expect(
      edits("Have you tried it on the small model?\n\nThis is the results of my run:\n\n| case | result |\n|---|---|\n| a | FAILED |"),
    ).toEqual([]);
    expect(edits("This patch did fix our parser error:\n\nhttps://example.com/issue/1")).toContain("did => did not");
  });

  it("never edits a task-list item", () => {
    expect(edits("Fixes inbound.\n\n- [x] Maximum context length reached error\n- [ ] Broken search command")).toEqual([]);
  });

  it("does not put 'not' beside a stance adverb", () => {
    const out = edits("Yes, this issue was actually to make the small model possible to use at all.");
    expect(out.some((e) => /was( actually)? => was( actually)? not|actually => actually not|^=> not$/.test(e))).toBe(false);
    const modal = edits("It can also cause weird issues if, for example, `init` isn't run before other methods.");
    expect(modal.some((e) => e.endsWith("=> not"))).toBe(false);
  });

  it("drops a reversal the next sentence contradicts", () => {
    const out = edits("This flag shouldn't be added. It's not supported. If we are going to support this, we need CI for it.");
    expect(out.some((e) => e.startsWith("not =>"))).toBe(false);
  });

  it("drops a reversal whose purpose follows it", () => {
    expect(edits("This was a `map[string]bool` before to avoid duplicate selectors.")).not.toContain("was => was not");
  });

  it("still reverses a plain claim about the code", () => {
    expect(edits("The err is printed by the deferred handler after the stack trace.")).toContain("is => is not");
  });
});

describe("the claim comes first, wherever it stands", () => {
  it("ranks the plain claim about the code above the writer's impression before it", () => {
    const [top] = negationCandidates(
      "Okay, pushed some fixes. It looks like the bot is inserting its thoughts before the reply. I have some ideas, but in the meantime the JSON parser is doing its job.",
    ).candidates;
    expect(top.text).toContain("the JSON parser is not doing its job");
  });
});

describe("claims about something other than this code", () => {
  it("leaves a house convention alone ('generally', 'usually')", () => {
    expect(edits("Please add a space after the comma here (generally, with arguments there's always a space after commas).")).toEqual([]);
    expect(edits("We usually avoid blank lines at the start of functions.")).toEqual([]);
    expect(edits("This usually fails when the cache is cold.").length).toBeGreaterThan(0);
  });

  it("leaves the prediction about a proposal alone", () => {
    expect(
      edits(
        "Can you just replace media.getDuration with getDuration? I think this should solve the issue too, without having to add checks.",
      ),
    ).toEqual([]);
  });

  it("leaves the purpose of a suggestion alone", () => {
    expect(edits("I would also call this method in the `return` statement above, so we don't have duplicate methods.")).toEqual([]);
  });

  it("reverses 'is even called' as a plain negation", () => {
    expect(negationCandidates("On shutdown `close()` is even called twice.").candidates.map((c) => c.text)).toEqual([
      "On shutdown `close()` is not even called twice.",
    ]);
  });
});

describe("expectations and contracted echoes", () => {
  it("leaves the writer's expectation alone ('should have picked it up', 'shouldn't matter')", () => {
    expect(edits("I added pyyaml to requirements.txt: `pip install -r ./requirements.txt` should have picked it up...")).toEqual([]);
    expect(edits("With the lock file pinned, the platform shouldn't matter.")).toEqual([]);
    expect(edits("With the lock file pinned, the platform matters.")).toEqual(["matters => does not matter"]);
  });

  it("hears 'can't' in a later sentence as the same predicate as 'can'", () => {
    const out = edits("By default, everyone can use the requirements.txt. Me and a few others can't for some reason.");
    expect(out.some((e) => e.startsWith("can =>"))).toBe(false);
  });
});

describe("opposites of evaluative adjectives", () => {
  it("reverses one in predicate position, never one before a noun", () => {
    expect(edits("4,000 seems high for the small model though.")).toEqual(["high => low"]);
    expect(edits("The timeout is too long for the health check.")).toContain("long => short");
    expect(edits("This loads a large file into memory.").some((e) => e.startsWith("large"))).toBe(false);
  });
});

describe("frames, prescriptions and conditions that are no claim", () => {
  it("leaves the writer's prescription in the future tense alone ('will have to')", () => {
    expect(edits("I think this logic will have to move to the runner.")).toEqual([]);
    expect(edits("I think this logic will move to the runner.")).toContain("will => will not");
  });

  it("never negates a copula that frames an explanation ('is that …', 'is because …')", () => {
    const out = edits("I believe this is because we call `browse.search` in the loop.");
    expect(out.some((e) => e.startsWith("is =>"))).toBe(false);
    expect(edits("The idea is that it would skip the task.").some((e) => e.startsWith("is =>"))).toBe(false);
  });

  it("leaves a house convention stated as its subject alone", () => {
    expect(edits("Convention is to use TEST for these constants.")).toEqual([]);
  });

  it("drops a claim that a 'but that …' clause builds on", () => {
    const out = edits("The err is printed with a log.Error later on but that ends up after the stack trace.");
    expect(out.some((e) => e.startsWith("is =>"))).toBe(false);
  });

  it("leaves the condition of a main clause that is no claim alone", () => {
    expect(edits("If the environment is isolated properly, it shouldn't matter.")).toEqual([]);
    expect(edits("If the list is empty, this crashes.")).toContain("crashes => does not crash");
  });

  it("never puts do-support after a modal ('will have to' → 'will don't have to')", () => {
    expect(edits("The parser will have to read the whole file.").some((e) => e.includes("don't have"))).toBe(false);
  });
});

describe("a comment with no negation says why", () => {
  it("names the words it considered and why each was left alone", () => {
    const { candidates, reason } = negationCandidates("If the environment is isolated properly, it shouldn't matter.");
    expect(candidates).toEqual([]);
    expect(reason).toContain(`"shouldn't" in "If the environment is isolated properly, it shouldn't mat…": an expectation`);
    expect(reason).toContain(`"is" in "If the environment is isolated properly, it shouldn't mat…": the condition of a main clause`);
  });

  it("keeps the general reason when no rule found anything to reverse", () => {
    expect(negationCandidates("Thanks!").reason).toMatch(/^No claim to reverse: /);
  });
});

describe("questions without their mark and double negatives", () => {
  it("reads an auxiliary before its subject as a question when the question mark is left out", () => {
    expect(edits("can we get rid of this and hardcode it / remove the flag")).toEqual([]);
    expect(edits("Was this our code @csrwng")).toEqual([]);
  });

  it("never puts 'not' into a clause that is negative already", () => {
    const out = edits("Move this to a try/except - this shouldn't be required for people without a GPU.");
    expect(out.some((e) => e.endsWith("not"))).toBe(false);
    expect(edits("This flag is required for people without a GPU.")).toContain(" => not");
  });
});
