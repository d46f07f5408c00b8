import { describe, expect, test } from "vitest";
import { AgentSettingsSchema, costOf, PAPER_AGENT_SETTINGS } from "./paper-agent";

describe("a run's settings", () => {
  test("the paper's by default: temperature 0, no request option, no price", () => {
    expect(PAPER_AGENT_SETTINGS).toMatchObject({ temperature: 0, stepLimit: 30, wallTimeSeconds: 900, actionMode: "tool" });
    for (const key of ["maxTokens", "requestSeed", "reasoningEffort", "extraBody", "promptPricePerMillion"])
      expect(PAPER_AGENT_SETTINGS).not.toHaveProperty(key);
  });

  test('"default" temperature sends none; the form\'s strings become numbers and an object', () => {
    expect(
      AgentSettingsSchema.parse({ temperature: "default", maxTokens: "512", extraBody: '{"top_k": 20}', reasoningEffort: "high" }),
    ).toMatchObject({ temperature: null, maxTokens: 512, extraBody: { top_k: 20 }, reasoningEffort: "high" });
    expect(() => AgentSettingsSchema.parse({ extraBody: "[1, 2]" })).toThrow(/must be a JSON object/);
    expect(() => AgentSettingsSchema.parse({ extraBody: '{"tools": []}' })).toThrow(/may not set model, messages, tools/);
  });

  test("cost: USD per million tokens of each kind, none without prices", () => {
    expect(costOf({ prompt: 1_000_000, completion: 1_000_000 }, {})).toBeNull();
    expect(costOf({ prompt: 2_000_000, completion: 500_000 }, { promptPricePerMillion: 0.5, completionPricePerMillion: 2 })).toBeCloseTo(
      2,
      10,
    );
    expect(costOf({ prompt: 1234, completion: 0 }, { promptPricePerMillion: 3 })).toBeCloseTo(0.003702, 10);
  });
});
