import { describe, expect, test } from "vitest";
import { applyInstanceRules } from "@/lib/screen/apply-rule-filters";
import { DEFAULT_RULE_CONFIG } from "@/lib/screen/rule-config";
import { generateSyntheticComments, SyntheticCommentKindSchema } from "./synthetic-comments";

describe("generateSyntheticComments", () => {
  test("produces the benchmark's 75,000+ comments with unique ids", () => {
    const comments = generateSyntheticComments({ count: 76_190, seed: 1 });
    expect(comments).toHaveLength(76_190);
    expect(new Set(comments.map((c) => c.id)).size).toBe(76_190);
  });
  test("is reproducible from its seed and differs across seeds", () => {
    const a = generateSyntheticComments({ count: 500, seed: 42 });
    expect(generateSyntheticComments({ count: 500, seed: 42 })).toEqual(a);
    expect(generateSyntheticComments({ count: 500, seed: 43 })).not.toEqual(a);
  });
  test("mixes every kind, mostly substantive", () => {
    const comments = generateSyntheticComments({ count: 10_000, seed: 5 });
    const share = (kind: string) => comments.filter((c) => c.kind === kind).length / comments.length;
    for (const kind of SyntheticCommentKindSchema.options) expect(share(kind)).toBeGreaterThan(0.005);
    expect(share("substantive")).toBeGreaterThan(0.65);
  });
  test("the rules recognise what the generator meant", () => {
    const comments = generateSyntheticComments({ count: 10_000, seed: 9 });
    for (const comment of comments) {
      const outcome = applyInstanceRules(comment, DEFAULT_RULE_CONFIG);
      const patchDrop = outcome.droppedBy?.rule === "patch_size";
      if (comment.kind === "pr_author") expect(outcome.droppedBy?.rule).toBe("pr_author_comment");
      if (comment.kind === "bot") expect(outcome.droppedBy?.rule).toBe("bot_author");
      if (comment.kind === "substantive" && !patchDrop) expect(outcome.verdict, comment.commentBody).toBe("keep");
      if (["acknowledgement", "short", "lgtm"].includes(comment.kind)) expect(outcome.verdict, comment.commentBody).toBe("drop");
    }
  });
});
