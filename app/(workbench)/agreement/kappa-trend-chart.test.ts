import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import type { PairTrend } from "@/lib/annotate/agreement-report";
import { KappaTrendChart } from "./kappa-trend-chart";

const TRENDS: PairTrend[] = [
  {
    pair: "alice × bob",
    points: [
      { week: "2026-11-23", n: 12, kappa: 0.41, smallSample: true },
      { week: "2026-11-30", n: 40, kappa: 0.62, smallSample: false },
    ],
  },
  { pair: "alice × carol", points: [{ week: "2026-11-30", n: 8, kappa: null, smallSample: true }] },
];

describe("KappaTrendChart", () => {
  const html = renderToStaticMarkup(createElement(KappaTrendChart, { trends: TRENDS }));

  test("is one image described in words: each pair's latest κ and where it started", () => {
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toContain("alice × bob: κ 0.62 over 40 shared instances by the week of 2026-11-30, from 0.41 in the week of 2026-11-23");
    expect(html).toContain("alice × carol: κ n/a over 8 shared instances");
  });

  test("draws a line for a pair with two weeks, hollow points for small samples, and names the line", () => {
    expect(html.match(/<polyline /g)).toHaveLength(1);
    expect(html.match(/<circle [^>]*fill-white/g)).toHaveLength(1);
    expect(html).toMatch(/<text[^>]*>alice × bob<\/text>/);
  });

  test("has κ per pair and week as a table", () => {
    expect(html).toMatch(/<th scope="row"[^>]*>alice × bob<\/th><td[^>]*>0.41 \(12\)<\/td><td[^>]*>0.62 \(40\)<\/td>/);
    expect(html).toMatch(/<th scope="row"[^>]*>alice × carol<\/th><td[^>]*>—<\/td><td[^>]*>n\/a \(8\)<\/td>/);
  });

  test("says so when no pair has labelled the same instance", () => {
    const empty = renderToStaticMarkup(createElement(KappaTrendChart, { trends: [] }));
    expect(empty).toContain("No annotator pair has labelled the same instance yet.");
    expect(empty).not.toContain("<svg");
  });
});
