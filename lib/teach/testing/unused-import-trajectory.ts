// The paper's "Unused import" trajectory (B.4) as a judge run stores it: the student reads its task,
// the patch (cut at the output limit), finds the file, reads the base version, checks git, greps the
// base file for react-router, finds nothing and submits false. Observations are shortened where the
// paper omits them too; message indices are as the agent wrote them.
import type { AgentStep } from "@/lib/judge/run-agent";

export const UNUSED_IMPORT_COMMENT = {
  body: "Unused import",
  review_path: "frontend/test-utils.tsx",
  diff_hunk:
    '@@ -2,6 +2,7 @@\n \n import React, { PropsWithChildren } from "react";\n import { Provider } from "react-redux";\n+import * as router from "react-router";',
};

const usage = { promptTokens: 100, completionTokens: 20, totalTokens: 120 };

function step(n: number, thought: string, command: string, returncode: number, output: string, id: string): AgentStep {
  const index = 2 * n + 1;
  return {
    step: n,
    thought,
    command,
    observation: `[message_index=${index}]\nreturncode: ${returncode}\n<output>\n${output}\n</output>`,
    formatError: null,
    returncode,
    timedOut: false,
    commandMs: 5,
    usage,
    call: {
      responseId: `chatcmpl-${n}`,
      model: "student",
      finishReason: "tool_calls",
      content: thought,
      toolCalls: [{ id, type: "function", function: { name: "bash", arguments: JSON.stringify({ command }) } }],
      requestedAt: "2026-12-07T10:00:00.000Z",
      answeredAt: "2026-12-07T10:00:01.000Z",
    },
  };
}

export const UNUSED_IMPORT_STEPS: AgentStep[] = [
  step(
    1,
    "I need to first examine the task file to understand what I'm evaluating.",
    "cat /testbed/task/task.json",
    0,
    '{\n  "eval_id": "eval_efcb03df0e1f7cf080fe4967",\n  "repository_state": "base_commit; patch is not applied"\n}\n',
    "call_d2dc7d3ee7282ed7923e",
  ),
  step(
    2,
    "Now I need to check the actual patch file to see what changes were made.",
    "cat /testbed/task/review.patch",
    0,
    "diff --git a/openhands/server/listen.py b/openhands/server/listen.py\n",
    "call_05af99c1e55acfbfe63b",
  ),
  step(
    3,
    "Let me look directly at the frontend/test-utils.tsx file.",
    'find /testbed -name "test-utils.tsx" -type f',
    0,
    "/testbed/repo/frontend/test-utils.tsx\n",
    "call_4f15b5d07cb5d223b7314",
  ),
  step(
    4,
    "Let me check the git log.",
    "cd /testbed/repo && git log --oneline -n 5",
    0,
    "0dd919bacf Bump prism-react-renderer\n",
    "call_4bf",
  ),
  step(
    5,
    "Let me check if the file contains the import:",
    'cd /testbed/repo && grep -n "react-router" frontend/test-utils.tsx',
    1,
    "",
    "call_01e89793b0d3d9b021a7",
  ),
  step(
    6,
    "The import is not present, so the comment is technically incorrect.",
    "printf '%s\\n%s\\n' 'COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT' '{\"prediction\": false}'",
    0,
    'COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n{"prediction": false}\n',
    "call_ea5621a2543f4a6fba92",
  ),
];
