// The annotation page is keyboard first: one table of shortcuts, shown in the help dialog and
// used by the key handler, so the two never disagree. Only Ctrl+Enter submits a label; moving
// through the queue keeps the draft and submits nothing. While the help dialog is open the page
// behind it takes no shortcuts.
import type { LabelValue } from "./label-schemas";

export type ShortcutAction =
  | { kind: "label"; value: LabelValue }
  | { kind: "save" }
  | { kind: "next" }
  | { kind: "previous" }
  | { kind: "focus-rationale" }
  | { kind: "jump-to-hunk" }
  | { kind: "toggle-help" }
  | { kind: "close-help" }
  | { kind: "leave-field" };

export const SHORTCUTS: { keys: string[]; description: string }[] = [
  { keys: ["1", "t"], description: "Trustworthy" },
  { keys: ["2", "u"], description: "Untrustworthy" },
  { keys: ["3", "s"], description: "Unsuitable (cannot be assessed from the available context)" },
  { keys: ["r"], description: "Write the rationale" },
  { keys: ["Ctrl+Enter"], description: "Submit the label (also inside the rationale)" },
  { keys: ["j"], description: "Next instance in the queue (your draft is kept, not submitted)" },
  { keys: ["k"], description: "Previous instance in the queue (your draft is kept, not submitted)" },
  { keys: ["h"], description: "Jump to the commented hunk" },
  { keys: ["Esc"], description: "Leave the text field" },
  { keys: ["?"], description: "Show or hide this help" },
];

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** the event comes from a text field: plain letters are typing, not commands */
  inTextField: boolean;
  /** the help dialog is open: the page behind it takes no shortcuts */
  helpOpen?: boolean;
}

const PLAIN: Record<string, ShortcutAction> = {
  "1": { kind: "label", value: "trustworthy" },
  t: { kind: "label", value: "trustworthy" },
  "2": { kind: "label", value: "untrustworthy" },
  u: { kind: "label", value: "untrustworthy" },
  "3": { kind: "label", value: "unsuitable" },
  s: { kind: "label", value: "unsuitable" },
  r: { kind: "focus-rationale" },
  j: { kind: "next" },
  k: { kind: "previous" },
  h: { kind: "jump-to-hunk" },
  "?": { kind: "toggle-help" },
};

export function shortcutFor(e: KeyLike): ShortcutAction | null {
  if (e.helpOpen) {
    if (e.key === "Escape" || (e.key === "?" && !e.inTextField)) return { kind: "close-help" };
    return null;
  }
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) return { kind: "save" };
  if (e.inTextField) return e.key === "Escape" ? { kind: "leave-field" } : null;
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  return PLAIN[e.key] ?? null;
}
