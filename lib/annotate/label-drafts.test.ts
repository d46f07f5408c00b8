import { describe, expect, it } from "vitest";
import { forgetLabelDraft, keepLabelDraft, LABEL_DRAFTS_KEY, labelDraftFor, MAX_DRAFTS, readLabelDrafts } from "./label-drafts";

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe("label drafts", () => {
  it("keeps one draft per instance, the latest edit winning", () => {
    const s = memoryStorage();
    keepLabelDraft(s, { instanceId: "a", value: "trustworthy", rationale: "unfinished thou", at: 1 });
    keepLabelDraft(s, { instanceId: "b", value: null, rationale: "half", at: 2 });
    keepLabelDraft(s, { instanceId: "a", value: "untrustworthy", rationale: "unfinished thought", at: 3 });
    expect(labelDraftFor(s, "a")).toEqual({ instanceId: "a", value: "untrustworthy", rationale: "unfinished thought", at: 3 });
    expect(readLabelDrafts(s)).toHaveLength(2);
  });

  it("forgets an emptied draft and a submitted one", () => {
    const s = memoryStorage();
    keepLabelDraft(s, { instanceId: "a", value: "unsuitable", rationale: "", at: 1 });
    keepLabelDraft(s, { instanceId: "a", value: null, rationale: "  ", at: 2 });
    expect(labelDraftFor(s, "a")).toBeNull();
    keepLabelDraft(s, { instanceId: "b", value: "trustworthy", rationale: "x", at: 3 });
    forgetLabelDraft(s, "b");
    expect(labelDraftFor(s, "b")).toBeNull();
  });

  it("keeps at most MAX_DRAFTS, dropping the oldest", () => {
    const s = memoryStorage();
    for (let i = 0; i <= MAX_DRAFTS; i++) keepLabelDraft(s, { instanceId: `i${i}`, value: null, rationale: "r", at: i });
    expect(readLabelDrafts(s)).toHaveLength(MAX_DRAFTS);
    expect(labelDraftFor(s, "i0")).toBeNull();
    expect(labelDraftFor(s, `i${MAX_DRAFTS}`)).not.toBeNull();
  });

  it("survives unreadable storage", () => {
    const s = memoryStorage();
    s.setItem(LABEL_DRAFTS_KEY, "{not json");
    expect(readLabelDrafts(s)).toEqual([]);
    keepLabelDraft(s, { instanceId: "a", value: "trustworthy", rationale: "ok", at: 1 });
    expect(labelDraftFor(s, "a")?.value).toBe("trustworthy");
  });
});
