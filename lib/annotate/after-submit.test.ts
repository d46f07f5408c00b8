import { describe, expect, test } from "vitest";
import { AFTER_SUBMIT_KEY, afterSubmitTarget, keepAfterSubmit, readAfterSubmit } from "./after-submit";

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), values };
}

describe("after a submitted label", () => {
  test("goes on to the next to label by default; a kept choice to stay is read back; anything else is the default", () => {
    const storage = memoryStorage();
    expect(readAfterSubmit(storage)).toBe("next");
    keepAfterSubmit(storage, "stay");
    expect(readAfterSubmit(storage)).toBe("stay");
    expect(readAfterSubmit(memoryStorage({ [AFTER_SUBMIT_KEY]: "elsewhere" }))).toBe("next");
  });

  test("leads to the next item to label, never to the same item, and nowhere when staying or when none is left", () => {
    expect(afterSubmitTarget("next", "a", "b")).toBe("b");
    expect(afterSubmitTarget("next", "a", "a")).toBeNull();
    expect(afterSubmitTarget("next", "a", null)).toBeNull();
    expect(afterSubmitTarget("stay", "a", "b")).toBeNull();
  });
});
