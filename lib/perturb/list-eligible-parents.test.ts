import { describe, expect, it } from "vitest";
import { orderByYield, yieldRank } from "./list-eligible-parents";

const none = { negation: null, symbol: null, location: null };
const zero = { negation: 0, symbol: 0, location: 0 };
const offer = (offered: number, fromModel: number) => ({ offered, fromModel, withheld: 0, model: fromModel ? "m" : null });

describe("best parents first (issue #42 item 7)", () => {
  it("ranks critic-passed candidates over rule candidates over not asked over an empty offer, done parents last", () => {
    const parents = [
      { id: "empty", offers: { ...none, negation: offer(0, 0) }, perturbations: zero },
      { id: "unasked", offers: none, perturbations: zero },
      { id: "done", offers: { ...none, negation: offer(2, 2) }, perturbations: { ...zero, negation: 1 } },
      { id: "rules", offers: { ...none, negation: offer(2, 0) }, perturbations: zero },
      { id: "model-1", offers: { ...none, negation: offer(1, 1) }, perturbations: zero },
      { id: "model-2", offers: { ...none, negation: offer(3, 2) }, perturbations: zero },
    ];
    expect(orderByYield(parents, "negation").map((p) => p.id)).toEqual(["model-2", "model-1", "rules", "unasked", "empty", "done"]);
    // another kind: nothing asked, so the order stays as listed, done or not for negation
    expect(orderByYield(parents, "symbol").map((p) => p.id)).toEqual(parents.map((p) => p.id));
    expect(yieldRank(parents[1], "location")).toBe(1);
  });
});
