// The prefixes a teacher supervises (paper section 3, after LEAP's selective supervision): the
// student's history right after one of the key steps human reviewers name, and the student's own next
// action at that state. How each step is recognised, from its command alone (pure, so each rule is
// tested on its own):
// - code_search: a search program (grep, rg, ag, ack, git grep, git log -S/-G, find -name, fd) whose
//   command names a code element the comment references: a `backticked` span or identifier-like word
//   of its body, the reviewed file's name, or an identifier of the line the comment is attached to;
// - change_inspection: a command that reads or applies the review patch (/testbed/task/review.patch),
//   or shows a diff (git diff, diff -u), which is where the patch's hunks are located;
// - final_reasoning: the submission (the completion marker); the prefix ends before it, and the
//   student's submission is the candidate action the teacher sees.
// A step that is both a search and a patch read counts as change_inspection; a key step followed at once
// by the submission leaves the same state as the final reasoning, and is one prefix. Format errors are no key
// step, but they stay in every later prefix's history.
import { SUBMIT_MARKER } from "@/lib/judge/paper-agent";
import type { AgentStep } from "@/lib/judge/run-agent";
import type { HistoryMessage, StepMessages } from "./student-history";

export const KEY_STEP_KINDS = ["code_search", "change_inspection", "final_reasoning"] as const;
export type KeyStepKind = (typeof KEY_STEP_KINDS)[number];

export interface TargetComment {
  body: string;
  review_path?: string | null;
  diff_hunk?: string | null;
}

export interface KeyStepPrefix {
  kind: KeyStepKind;
  /** the 1-based step the prefix follows (final_reasoning: the submission step, which the prefix excludes) */
  afterStep: number;
  /** why the step was recognised, in words */
  why: string;
  /** h_t: the messages before the student's next action */
  history: HistoryMessage[];
  /** the student's next action at this state, or null when the trajectory ended there */
  candidate: HistoryMessage | null;
}

const SEARCH_PROGRAM =
  /(^|[\s|;&(])(grep|egrep|fgrep|rg|ag|ack|fd|git\s+(?:-C\s+\S+\s+)?grep|git\s+(?:-C\s+\S+\s+)?log\s+[^|;&]*-[SG])\b|(^|[\s|;&(])find\s[^|;&]*-i?name\b/;
const PATCH_READ = /review\.patch|(^|[\s|;&(])git\s+(?:-C\s+\S+\s+)?diff\b|(^|[\s|;&(])diff\s+-[a-zA-Z]*u/;
const STOP_WORDS = new Set(
  "this that with from there here should would could have been into only also when then than what which while where unused import imports return returns value values function method class file line lines code used uses using none null true false self".split(
    " ",
  ),
);

/** The code elements a comment references: backticked spans, identifier-like words, the file's name, the commented line's identifiers. */
export function referencedElements(comment: TargetComment): string[] {
  const out = new Set<string>();
  for (const m of comment.body.matchAll(/`([^`\n]{2,80})`/g)) {
    out.add(m[1].trim());
    for (const id of identifiersIn(m[1])) out.add(id);
  }
  for (const word of comment.body.split(/[^A-Za-z0-9_.$]+/)) {
    const w = word.replace(/^\.+|\.+$/g, "");
    // snake_case, camelCase, dotted.access or a call: a name from code, not an English word
    if (w.length >= 3 && (/_/.test(w) || /[a-z][A-Z]/.test(w) || /\w\.\w/.test(w))) out.add(w);
  }
  if (comment.review_path) {
    const base = comment.review_path.split("/").at(-1) ?? "";
    if (base) out.add(base);
    const stem = base.replace(/\.[^.]+$/, "");
    if (stem.length >= 3) out.add(stem);
  }
  const commented =
    (comment.diff_hunk ?? "")
      .split("\n")
      .filter((l) => !l.startsWith("@@"))
      .at(-1) ?? "";
  for (const id of identifiersIn(commented.slice(1))) out.add(id);
  return [...out].filter((e) => e.length >= 3 && !STOP_WORDS.has(e.toLowerCase()));
}

function identifiersIn(text: string): string[] {
  return [...text.matchAll(/[A-Za-z_$][A-Za-z0-9_$]{2,}/g)].map((m) => m[0]).filter((w) => !STOP_WORDS.has(w.toLowerCase()));
}

/** The key step a command is, with why; null when it is none. */
export function recognizeKeyStep(command: string, elements: readonly string[]): { kind: KeyStepKind; why: string } | null {
  if (command.includes(SUBMIT_MARKER)) return { kind: "final_reasoning", why: "the step submits a prediction (the completion marker)" };
  const patch = command.match(PATCH_READ);
  if (patch) return { kind: "change_inspection", why: `the command inspects the review's changes (${patch[0].trim()})` };
  const search = command.match(SEARCH_PROGRAM);
  if (search) {
    const lower = command.toLowerCase();
    const named = elements.filter((e) => lower.includes(e.toLowerCase()));
    if (named.length)
      return {
        kind: "code_search",
        why: `a search (${search[0].trim().split(/\s+/)[0]}) for ${named
          .slice(0, 3)
          .map((n) => JSON.stringify(n))
          .join(", ")}, which the comment references`,
      };
  }
  return null;
}

/** Every key-step prefix of one task's trajectory, in step order. */
export function keyStepPrefixes(
  steps: readonly AgentStep[],
  conversation: { messages: readonly HistoryMessage[]; spans: readonly StepMessages[] },
  comment: TargetComment,
): KeyStepPrefix[] {
  const elements = referencedElements(comment);
  const prefixes: KeyStepPrefix[] = [];
  steps.forEach((step, i) => {
    if (step.command === null) return;
    const found = recognizeKeyStep(step.command, elements);
    if (!found) return;
    const span = conversation.spans[i];
    if (found.kind === "final_reasoning") {
      // a key step right before the submission leaves the same state: one prefix, not two requests for it
      const same = prefixes.at(-1);
      if (same && same.history.length === span.assistantIndex) {
        same.why += "; the student submitted next (its final reasoning)";
        return;
      }
      prefixes.push({
        ...found,
        afterStep: step.step,
        history: conversation.messages.slice(0, span.assistantIndex),
        candidate: conversation.messages[span.assistantIndex],
      });
      return;
    }
    const next = conversation.spans[i + 1];
    prefixes.push({
      ...found,
      afterStep: step.step,
      history: conversation.messages.slice(0, span.end),
      candidate: next ? conversation.messages[next.assistantIndex] : null,
    });
  });
  return prefixes;
}
