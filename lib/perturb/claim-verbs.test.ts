import { describe, expect, it } from "vitest";
import { CLAIM_VERB_ANTONYMS, claimVerbOf, inflect, pastTense, thirdPerson } from "./claim-verbs";

const verbs = new Set(Object.keys(CLAIM_VERB_ANTONYMS));

describe("claim verb lexicon", () => {
  it("inflects regular, -es, -ies, doubled and irregular forms, phrases by their head", () => {
    expect(["fix", "copy", "leak", "keep open"].map(thirdPerson)).toEqual(["fixes", "copies", "leaks", "keeps open"]);
    expect(["drop", "release", "copy", "break", "keep open"].map(pastTense)).toEqual([
      "dropped",
      "released",
      "copied",
      "broke",
      "kept open",
    ]);
  });

  it("recognises a lexicon verb in any form", () => {
    expect(claimVerbOf("Leaks", verbs)).toEqual({ base: "leak", form: "third" });
    expect(claimVerbOf("dropped", verbs)).toEqual({ base: "drop", form: "past" });
    expect(claimVerbOf("close", verbs)).toEqual({ base: "close", form: "base" });
    expect(claimVerbOf("leaky", verbs)).toBeUndefined();
  });

  it("every antonym inflects back into the same form", () => {
    for (const [verb, opposite] of Object.entries(CLAIM_VERB_ANTONYMS)) {
      expect(inflect(opposite, "third").split(" ")[0]).toMatch(/^[a-z]+s$/);
      expect(verbs.has(verb)).toBe(true);
    }
  });
});
