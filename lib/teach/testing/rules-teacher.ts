// A teacher and a reviewer that follow the paper's instructions by rule, for tests and the benchmark:
// the teacher first asks for the reviewed file's section of the review patch (the paper's B.5 action),
// then finishes with the label, quoting the return-code line of the latest tool message it saw; it
// returns needs_review when the history has no tool message to quote. The reviewer approves an action
// that ran (a no-match search included) and rejects one whose command failed to start (127).
import type { FakeTeacherAnswer, FakeTeacherRequest } from "./fake-teacher-server";

type Message = { role: string; content: string | null };

function reviewedPath(history: Message[]): string | null {
  for (const m of history) {
    const found = m.role === "tool" ? m.content?.match(/"review_path":\s*"([^"]+)"/) : null;
    if (found) return found[1];
  }
  return null;
}

export function rulesTeacher(request: FakeTeacherRequest): FakeTeacherAnswer {
  const history = request.payload.student_history as Message[];
  const label = request.payload.teacher_private_label as boolean;
  const firstOfBranch = request.payload.student_candidate_action !== null;
  const path = reviewedPath(history);
  if (firstOfBranch && path)
    return {
      json: {
        kind: "bash",
        command: `grep -n -A60 -F 'diff --git a/${path} ' /testbed/task/review.patch`,
        prediction: null,
        explanation:
          "Inspect the focused patch section for the reviewed file; the repository is at the base commit and the patch is not applied.",
        evidence: [],
        review_note: `Label ${label}: the reviewed version of ${path} must be read in the patch.`,
      },
    };
  const lastTool = history
    .map((m, i) => ({ m, i }))
    .filter(({ m }) => m.role === "tool" && m.content?.includes("returncode: "))
    .at(-1);
  if (!lastTool)
    return {
      json: { kind: "needs_review", command: null, prediction: null, explanation: "", evidence: [], review_note: "No observation yet." },
    };
  const quote = lastTool.m.content?.match(/returncode: -?\d+/)?.[0] ?? "";
  return {
    json: {
      kind: "finish",
      command: null,
      prediction: label,
      explanation: "The focused patch section shows the reviewed code.",
      evidence: [{ message_index: lastTool.i, quote }],
      review_note: `Submitting the label ${label} after the patch section was read.`,
    },
  };
}

export function rulesReviewer(request: FakeTeacherRequest): FakeTeacherAnswer {
  const execution = request.payload.execution as { returncode: number } | null;
  if (execution && execution.returncode === 127)
    return { json: { decision: "reject", reason: "The command could not run (return code 127): an invalid operation." } };
  return { json: { decision: "approve", reason: "The action is executable, focused on the reviewed file and claims nothing unobserved." } };
}

/** The two behind one server, by who is asked. */
export const rulesTeacherAndReviewer = (request: FakeTeacherRequest): FakeTeacherAnswer =>
  request.role === "teacher" ? rulesTeacher(request) : rulesReviewer(request);
