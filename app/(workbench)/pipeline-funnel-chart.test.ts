import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { PAPER_FUNNEL, type FunnelRow } from "@/lib/overview/pipeline-funnel";
import { PipelineFunnelChart } from "./pipeline-funnel-chart";

const ROWS: FunnelRow[] = [
  { stage: "repositories", name: "Repositories selected", actual: 3, target: null, share: null },
  { stage: "comments", name: "Review comments", actual: 120, target: PAPER_FUNNEL.comments, share: 120 / 76_190 },
  { stage: "split", name: "In the split", actual: 1_300, target: 1_199, share: 1_300 / 1_199 },
];

describe("PipelineFunnelChart", () => {
  const html = renderToStaticMarkup(createElement(PipelineFunnelChart, { rows: ROWS, source: "paper" }));

  test("is one image named and described in words, every stage's count and target in the description", () => {
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="funnel-title funnel-desc"/);
    expect(html).toContain("Review comments: 120 of the paper&#x27;s 76,190");
    expect(html).toContain("Repositories selected: 3 (no target)");
  });

  test("draws one bar per stage, a target tick only where there is a target, and a reached target in another colour", () => {
    expect(html.match(/<g data-stage=/g)).toHaveLength(3);
    expect(html.match(/<line /g)).toHaveLength(2);
    expect(html).toMatch(/data-stage="split">.*fill-emerald-600/);
  });

  test("has the numbers as a table too", () => {
    expect(html).toContain('data-testid="funnel-table"');
    expect(html).toMatch(/<th scope="row"[^>]*>In the split<\/th><td[^>]*>1,300<\/td><td[^>]*>1,199<\/td><td[^>]*>108%<\/td>/);
  });
});
