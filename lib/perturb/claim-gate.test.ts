import { describe, expect, it } from "vitest";
import { negationCandidates } from "./negate-once";

// The claim gate, seen through the generator: which edits of real-shaped review comments survive.
const edits = (comment: string) => negationCandidates(comment).candidates.map((c) => `${c.before} => ${c.after}`);

describe("claim gate: only the technical claim is reversed", () => {
  it.each([
    ["the writer's doing", "I noticed this while changing the code."],
    ["the writer's experience", "This worked for me."],
    ["an opinion of taste", "Context windows are frustrating."],
    ["a suggestion", "Maybe this can live in the server package instead."],
    ["a hedged suggestion", "A better version could be to start the server once the reader is ready."],
    ["a request's circumstance", "Please remove all that debug logging before we merge this."],
    ["a focus word", "this is just logging things"],
    ["a double negative", "so this change will be non-required"],
    ["a participle", "We'll get that fixed up soon."],
    ["a sentence that names nothing of the code", "Yeah, they are the same people as before."],
    ["a question that offers alternatives", "You are using gpt-4 here, or gpt-3?"],
  ])("no edit: %s", (_, comment) => {
    expect(edits(comment)).toEqual([]);
  });

  it("keeps the claim an opinion verb frames", () => {
    expect(edits("I think the logic will run in bolt.")).toEqual(["will => will not"]);
  });

  it("keeps the claim after a contrast with the writer's own stance", () => {
    expect(edits("I like this idea, but they're currently set to the same thing.")).toEqual([" =>  not"]);
  });

  it("prefers the adjective's antonym to a negated auxiliary", () => {
    expect(edits("This is declared in the wrong block")).toEqual(["wrong => right"]);
  });

  it("reads a statement said with a question mark as the claim it asks to confirm", () => {
    expect(edits("I'm surprised rubocop isn't picking up single quotes?")).toEqual(["isn't => is"]);
  });

  it("takes 'line 89' for a noun, not an imperative", () => {
    expect(edits("Also, line 89 still calls setContext() here.")).toEqual(["still => no longer"]);
  });

  it("never edits a markdown table", () => {
    expect(edits("Results:\n\n| case | result |\n|---|---|\n| fake people | PASSED |\n")).toEqual([]);
  });
});
