// The check before a record is kept (beyond the reviewer): nothing the student would learn, the
// action's explanation and command, may hold the private label's wording, the teacher's review note,
// the answer key (the export's private tokens of the row: label field, source, perturbation kind,
// sample keys) or the teacher's instructions. A token the student's own history already shows is not
// a leak (the task's files hold the repository's and the comment's words).
import type { ForbiddenToken } from "@/lib/export/find-judge-leaks";
import { REVIEW_INSTRUCTION, TEACHER_INSTRUCTION } from "./teacher-instructions";

const LABEL_WORDING: { what: string; pattern: RegExp }[] = [
  { what: "the private label", pattern: /\b(private|gold|ground[- ]?truth|human|supplied|given|true)\s+label/i },
  {
    what: "the label's value",
    pattern: /\blabel(l?ed)?\s+(is\s+|as\s+|says\s+)?(true|false|trustworthy|untrustworthy|correct|incorrect)\b/i,
  },
  { what: "the payload's label field", pattern: /teacher_private_label/ },
  { what: "the answer key", pattern: /\banswer[- ]key\b/i },
  { what: "the teacher", pattern: /\bteach(er|ing)\b/i },
  { what: "the review note", pattern: /review_note/ },
];

const SHINGLE = 6;

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9_]+/g) ?? [];
}

function sharedRun(text: string, source: string, size: number): string | null {
  const a = words(text);
  const b = new Set<string>();
  const w = words(source);
  for (let i = 0; i + size <= w.length; i++) b.add(w.slice(i, i + size).join(" "));
  for (let i = 0; i + size <= a.length; i++) {
    const run = a.slice(i, i + size).join(" ");
    if (b.has(run)) return run;
  }
  return null;
}

export interface LeakContext {
  reviewNote: string;
  /** the export's private tokens of the task's row */
  forbidden: readonly ForbiddenToken[];
  /** everything the student has seen already (its history) */
  visible: string;
}

/** What would leak, one line each; empty when the action is clean. */
export function studentFacingLeaks(action: { explanation: string; command: string }, context: LeakContext): string[] {
  const leaks: string[] = [];
  for (const [field, text] of [
    ["explanation", action.explanation],
    ["command", action.command],
  ] as const) {
    for (const { what, pattern } of LABEL_WORDING) {
      const m = text.match(pattern);
      if (m && !context.visible.includes(m[0])) leaks.push(`${field}: ${what} (${JSON.stringify(m[0])})`);
    }
    const note = context.reviewNote.trim();
    const fromNote = note && (text.includes(note) ? note : sharedRun(text, note, SHINGLE));
    if (fromNote) leaks.push(`${field}: the review note's words (${JSON.stringify(fromNote.slice(0, 80))})`);
    for (const instruction of [TEACHER_INSTRUCTION, REVIEW_INSTRUCTION]) {
      const run = sharedRun(text, instruction, SHINGLE);
      if (run && !sharedRun(context.visible, run, SHINGLE)) leaks.push(`${field}: the teacher's instructions (${JSON.stringify(run)})`);
    }
    for (const { what, token, kind } of context.forbidden) {
      if (kind !== "private" || !token || token.length < 3) continue;
      if (text.includes(token) && !context.visible.includes(token)) leaks.push(`${field}: ${what} ${JSON.stringify(token.slice(0, 60))}`);
    }
  }
  return [...new Set(leaks)];
}
