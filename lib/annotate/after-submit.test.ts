import { describe, expect, test } from "vitest";
import {
  AFTER_SUBMIT_KEY,
  afterSubmitHref,
  afterSubmitTarget,
  justSavedIdOf,
  keepAfterSubmit,
  queueFinished,
  readAfterSubmit,
} from "./after-submit";

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

describe("what the pages say after submit-and-advance", () => {
  test("the next item's link names the item just saved, which the next page reads back", () => {
    expect(afterSubmitHref("next", "a1", "b2", "/annotate")).toBe("/annotate/b2?saved=a1");
    expect(afterSubmitHref("stay", "a1", "b2", "/annotate")).toBeNull();
    expect(afterSubmitHref("next", "a1", null, "/annotate")).toBeNull();
    const saved = new URL(`http://x${afterSubmitHref("next", "a1", "b2", "/annotate")}`).searchParams.get("saved");
    expect(justSavedIdOf(saved)).toBe("a1");
    expect(justSavedIdOf("../evil")).toBeNull();
    expect(justSavedIdOf(["a1"])).toBeNull();
  });

  test("the last item says the queue is finished and what to do next, with the skipped ones and the adjudication queue", () => {
    const plain = queueFinished({ skipped: 0, canAdjudicate: false });
    expect(plain.lines[0]).toMatch(/^Your queue is finished/);
    expect(plain.lines.join(" ")).toContain("when the lead assigns the next batch");
    expect(plain.links.map((l) => l.href)).toEqual(["/annotate"]);
    const more = queueFinished({ skipped: 2, canAdjudicate: true });
    expect(more.lines).toContain(
      "2 items you skipped wait in your queue: label them when you can, or the lead moves them to someone else.",
    );
    expect(more.links.map((l) => l.href)).toEqual(["/annotate", "/annotate?status=skipped", "/adjudicate"]);
    expect(queueFinished({ skipped: 1, canAdjudicate: false }).lines[1]).toBe(
      "1 item you skipped waits in your queue: label it when you can, or the lead moves it to someone else.",
    );
  });
});
