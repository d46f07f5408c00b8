import { describe, expect, it } from "vitest";
import { rhetoricalFrame, sentenceChunks } from "./clause-mood";
import { analyseProse } from "./prose-tokens";

function moods(text: string): string[] {
  return analyseProse(text).sentences.flatMap((s) => sentenceChunks(s).map((c) => c.mood));
}

describe("sentenceChunks", () => {
  it.each([
    ["This import is not used anymore.", ["assertive"]],
    ["Can we drop the `sleep` here?", ["question"]],
    ["Could you add a test for the empty list case?", ["question"]],
    ["Is this check still needed?", ["question"]],
    ["Shouldn't this be `>=`?", ["rhetorical"]],
    ["Why not use `pathlib.Path` here?", ["rhetorical"]],
    ["Please rename this to `load_all`.", ["request"]],
    ["Use `with open(...)` here so the file is closed.", ["request"]],
    ["We should also update the changelog.", ["request"]],
    ["Let's keep this as is for now.", ["request"]],
    ["Don't call `refresh()` in the loop.", ["request"]],
    ["Nobody reads `stats` after the refactor, can we delete it?", ["assertive", "question"]],
    ["You can remove this, nothing imports it anymore.", ["request", "assertive"]],
    ["Sorting here is unnecessary because the query already orders by date.", ["assertive"]],
    ["This is consistent for all clients that we will check yes?", ["question"]],
    ["This is already on the stable image as a flag, right?", ["assertive", "question"]],
    ["The cache is per request right?", ["question"]],
    ["This runs once per request, doesn't it?", ["assertive", "rhetorical"]],
    ["this is just logging, it's not asserting anything?", ["assertive", "assertive"]],
    ["You don't need to bundle jquery in `groups.js`.", ["request"]],
    ["We don't need the extra copy.", ["assertive"]],
    ["Last thing: we are missing a test for implicit positive zero.", ["assertive", "request"]],
    ["can we get rid of this and hardcode it", ["question"]],
    ["Was this our code before the move", ["question"]],
    ["Shouldn't this be `>=` here", ["rhetorical"]],
    ["Should you need the old path, the flag keeps it.", ["request", "assertive"]],
  ])("%s", (text, expected) => {
    expect(moods(text)).toEqual(expected);
  });
});

describe("rhetoricalFrame", () => {
  it("is the negated auxiliary that opens a rhetorical question", () => {
    const [sentence] = analyseProse("Doesn't this leak the socket?").sentences;
    expect(rhetoricalFrame(sentence, 2)).toBe(0);
    const [plain] = analyseProse("Does this leak the socket?").sentences;
    expect(rhetoricalFrame(plain, 2)).toBeUndefined();
  });
});
