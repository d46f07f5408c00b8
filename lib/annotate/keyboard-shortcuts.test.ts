import { describe, expect, test } from "vitest";
import { SHORTCUTS, shortcutFor, type KeyLike } from "./keyboard-shortcuts";

const key = (k: string, over: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  inTextField: false,
  ...over,
});

describe("shortcutFor", () => {
  test("digits and initials choose the three labels", () => {
    expect(shortcutFor(key("1"))).toEqual({ kind: "label", value: "trustworthy" });
    expect(shortcutFor(key("u"))).toEqual({ kind: "label", value: "untrustworthy" });
    expect(shortcutFor(key("3"))).toEqual({ kind: "label", value: "unsuitable" });
  });
  test("navigation, rationale, hunk and help", () => {
    expect(shortcutFor(key("j"))?.kind).toBe("next");
    expect(shortcutFor(key("k"))?.kind).toBe("previous");
    expect(shortcutFor(key("r"))?.kind).toBe("focus-rationale");
    expect(shortcutFor(key("h"))?.kind).toBe("jump-to-hunk");
    expect(shortcutFor(key("?"))?.kind).toBe("toggle-help");
  });
  test("typing in the rationale is typing, except Ctrl+Enter saves and Escape leaves", () => {
    expect(shortcutFor(key("t", { inTextField: true }))).toBeNull();
    expect(shortcutFor(key("Enter", { inTextField: true, ctrlKey: true }))).toEqual({ kind: "save" });
    expect(shortcutFor(key("Enter", { inTextField: true, metaKey: true }))).toEqual({ kind: "save" });
    expect(shortcutFor(key("Escape", { inTextField: true }))).toEqual({ kind: "leave-field" });
  });
  test("browser shortcuts (Ctrl+R, Ctrl+T) are left alone", () => {
    expect(shortcutFor(key("r", { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key("t", { metaKey: true }))).toBeNull();
  });
  test("while the help dialog is open, only Escape and ? act (they close it)", () => {
    for (const k of ["h", "2", "r", "j", "t"]) expect(shortcutFor(key(k, { helpOpen: true }))).toBeNull();
    expect(shortcutFor(key("Enter", { helpOpen: true, ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key("Escape", { helpOpen: true }))).toEqual({ kind: "close-help" });
    expect(shortcutFor(key("?", { helpOpen: true }))).toEqual({ kind: "close-help" });
  });
  test("the help says which key submits and that moving on keeps the draft", () => {
    const submit = SHORTCUTS.find((s) => s.keys.includes("Ctrl+Enter"));
    expect(submit?.description).toMatch(/^Submit/);
    for (const k of ["j", "k"]) expect(SHORTCUTS.find((s) => s.keys.includes(k))?.description).toContain("not submitted");
  });
});
