import { describe, expect, test } from "vitest";
import { forgetPendingLabel, pendingLabelFor, PENDING_LABELS_KEY, readPendingLabels, rememberPendingLabel } from "./pending-labels";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

const saved = (instanceId: string, savedAt: number, value: "trustworthy" | "untrustworthy" = "trustworthy") => ({
  instanceId,
  value,
  rationale: "checked the caller in core/nanops.py",
  savedAt,
});

describe("pending labels in browser storage", () => {
  test("a save waits in storage until acknowledged, one entry per instance", () => {
    const s = memoryStorage();
    rememberPendingLabel(s, saved("a", 1));
    rememberPendingLabel(s, saved("b", 2));
    rememberPendingLabel(s, saved("a", 3, "untrustworthy"));
    expect(readPendingLabels(s).map((p) => [p.instanceId, p.value])).toEqual([
      ["b", "trustworthy"],
      ["a", "untrustworthy"],
    ]);
    forgetPendingLabel(s, "a", 3);
    expect(pendingLabelFor(s, "a")).toBeNull();
    expect(pendingLabelFor(s, "b")?.savedAt).toBe(2);
  });

  test("an acknowledgement of an older save does not drop a newer one", () => {
    const s = memoryStorage();
    rememberPendingLabel(s, saved("a", 5, "untrustworthy"));
    forgetPendingLabel(s, "a", 4);
    expect(pendingLabelFor(s, "a")?.value).toBe("untrustworthy");
  });

  test("corrupted storage reads as empty instead of breaking the page", () => {
    expect(readPendingLabels(memoryStorage({ [PENDING_LABELS_KEY]: "{not json" }))).toEqual([]);
    expect(readPendingLabels(memoryStorage({ [PENDING_LABELS_KEY]: '[{"instanceId":1}]' }))).toEqual([]);
  });
});
