import { describe, expect, test } from "vitest";
import { PAPER_AGENT_SETTINGS } from "@/lib/judge/paper-agent";
import type { AgentStep } from "@/lib/judge/run-agent";
import { keyStepPrefixes, recognizeKeyStep, referencedElements } from "./key-step-prefixes";
import { studentHistory } from "./student-history";
import { UNUSED_IMPORT_COMMENT, UNUSED_IMPORT_STEPS } from "./testing/unused-import-trajectory";

const elements = referencedElements(UNUSED_IMPORT_COMMENT);

describe("recognising key steps", () => {
  test("the elements of 'Unused import': the file's name and the commented line's identifiers, not English words", () => {
    expect(elements).toEqual(expect.arrayContaining(["test-utils.tsx", "test-utils", "router", "react"]));
    expect(elements).not.toContain("Unused");
    expect(referencedElements({ body: "`parse_config` is never called; use loadSettings() instead" })).toEqual(
      expect.arrayContaining(["parse_config", "loadSettings"]),
    );
  });

  test("a search names an element the comment references; a search for something else is no key step", () => {
    expect(recognizeKeyStep('grep -n "react-router" frontend/test-utils.tsx', elements)?.kind).toBe("code_search");
    expect(recognizeKeyStep('rg -n "router" frontend', elements)?.kind).toBe("code_search");
    expect(recognizeKeyStep('find /testbed -name "test-utils.tsx"', elements)?.kind).toBe("code_search");
    expect(recognizeKeyStep("git log -S router --oneline", elements)?.kind).toBe("code_search");
    expect(recognizeKeyStep('grep -rn "websocket" openhands', elements)).toBeNull();
    // naming the element without searching is not a search
    expect(recognizeKeyStep("cat frontend/test-utils.tsx", elements)).toBeNull();
    expect(recognizeKeyStep("git status", elements)).toBeNull();
  });

  test("reading, grepping or applying the review patch, or a diff, is change inspection", () => {
    expect(recognizeKeyStep("cat /testbed/task/review.patch", elements)?.kind).toBe("change_inspection");
    expect(recognizeKeyStep("grep -n -A20 'test-utils' /testbed/task/review.patch", elements)?.kind).toBe("change_inspection");
    expect(recognizeKeyStep("cp -r /testbed/repo /tmp/r && cd /tmp/r && git apply /testbed/task/review.patch", elements)?.kind).toBe(
      "change_inspection",
    );
    expect(recognizeKeyStep("cd /tmp/r && git diff --stat", elements)?.kind).toBe("change_inspection");
  });

  test("the submission is final reasoning", () => {
    expect(recognizeKeyStep(UNUSED_IMPORT_STEPS[5].command ?? "", elements)?.kind).toBe("final_reasoning");
  });
});

describe("prefixes of a stored trajectory", () => {
  const conversation = studentHistory(PAPER_AGENT_SETTINGS, UNUSED_IMPORT_STEPS);

  test("the history is the agent's: indices match the observations' message_index, tool calls paired", () => {
    for (const [i, m] of conversation.messages.entries()) {
      if (m.role === "tool" && m.content.startsWith("[message_index=")) expect(m.content).toMatch(new RegExp(`^\\[message_index=${i}\\]`));
      if (m.role === "tool")
        expect((conversation.messages[i - 1] as { tool_calls?: { id: string }[] }).tool_calls?.[0].id).toBe(m.tool_call_id);
    }
    expect(conversation.messages[0]).toEqual({ role: "system", content: PAPER_AGENT_SETTINGS.systemPrompt });
  });

  test("after the patch read, the file search, the grep and before the submission", () => {
    const prefixes = keyStepPrefixes(UNUSED_IMPORT_STEPS, conversation, UNUSED_IMPORT_COMMENT);
    // the grep of step 5 is followed by the submission: the same state as the final reasoning, one prefix
    expect(prefixes.map((p) => [p.kind, p.afterStep])).toEqual([
      ["change_inspection", 2],
      ["code_search", 3],
      ["code_search", 5],
    ]);
    expect(prefixes[2].why).toMatch(/submitted next/);
    const final = prefixes[2];
    // the paper's B.4: 16 messages before the candidate submission (here 12, the example has fewer steps)
    expect(final.history).toHaveLength(12);
    expect(final.history.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_01e89793b0d3d9b021a7" });
    expect(final.candidate).toMatchObject({ role: "assistant", tool_calls: [{ id: "call_ea5621a2543f4a6fba92" }] });
    // without a key step before it, the submission's prefix is its own
    const noGrep = UNUSED_IMPORT_STEPS.filter((s) => s.step !== 5);
    const alone = keyStepPrefixes(noGrep, studentHistory(PAPER_AGENT_SETTINGS, noGrep), UNUSED_IMPORT_COMMENT).at(-1);
    expect([alone?.kind, alone?.afterStep]).toEqual(["final_reasoning", 6]);
    // a prefix ends with the key step's observation; the candidate is the student's next turn
    expect(prefixes[0].history.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_05af99c1e55acfbfe63b" });
    expect(prefixes[0].candidate).toMatchObject({ tool_calls: [{ id: "call_4f15b5d07cb5d223b7314" }] });
  });

  test("a format error stays in the history of later prefixes", () => {
    const error: AgentStep = {
      ...UNUSED_IMPORT_STEPS[3],
      step: 4,
      command: null,
      formatError: "No tool call. Use exactly one bash tool call per turn, including the final turn.",
      observation: "No tool call. Use exactly one bash tool call per turn, including the final turn.",
      call: undefined,
      thought: "I think the import is missing.",
    };
    const steps = [...UNUSED_IMPORT_STEPS.slice(0, 3), error, ...UNUSED_IMPORT_STEPS.slice(4)];
    const prefixes = keyStepPrefixes(steps, studentHistory(PAPER_AGENT_SETTINGS, steps), UNUSED_IMPORT_COMMENT);
    const last = prefixes.at(-1);
    expect(last?.history.some((m) => m.role === "user" && m.content.startsWith("No tool call"))).toBe(true);
  });

  test("a text-mode run is refused with why", () => {
    expect(() => studentHistory({ ...PAPER_AGENT_SETTINGS, actionMode: "text" }, UNUSED_IMPORT_STEPS)).toThrow(/tool mode/);
  });
});
