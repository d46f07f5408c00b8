import { describe, expect, test } from "vitest";
import { nextStageAfterLabel, stageAfterAdjudication } from "./next-stage";

describe("annotation state machine", () => {
  test("waits until every assigned annotator has labelled", () => {
    expect(nextStageAfterLabel([], 2).stage).toBe("annotating");
    expect(nextStageAfterLabel(["trustworthy"], 2).stage).toBe("annotating");
  });
  test("unanimous labels are final: labelled with that label, or unsuitable", () => {
    expect(nextStageAfterLabel(["trustworthy", "trustworthy"], 2)).toEqual({ stage: "labelled", finalLabel: "trustworthy" });
    expect(nextStageAfterLabel(["untrustworthy", "untrustworthy", "untrustworthy"], 3)).toEqual({
      stage: "labelled",
      finalLabel: "untrustworthy",
    });
    expect(nextStageAfterLabel(["unsuitable", "unsuitable"], 2)).toEqual({ stage: "unsuitable", finalLabel: "unsuitable" });
  });
  test("any disagreement goes to adjudication, including trustworthy vs unsuitable", () => {
    expect(nextStageAfterLabel(["trustworthy", "untrustworthy"], 2).stage).toBe("adjudicating");
    expect(nextStageAfterLabel(["trustworthy", "unsuitable"], 2).stage).toBe("adjudicating");
    expect(nextStageAfterLabel(["trustworthy", "trustworthy", "untrustworthy"], 3).stage).toBe("adjudicating");
  });
  test("an overlap of one makes the single label final", () => {
    expect(nextStageAfterLabel(["untrustworthy"], 1)).toEqual({ stage: "labelled", finalLabel: "untrustworthy" });
  });
  test("the adjudicator's decision is final", () => {
    expect(stageAfterAdjudication("trustworthy")).toEqual({ stage: "labelled", finalLabel: "trustworthy" });
    expect(stageAfterAdjudication("unsuitable")).toEqual({ stage: "unsuitable", finalLabel: "unsuitable" });
  });
});
