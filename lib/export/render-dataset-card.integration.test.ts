import { describe, expect, test } from "vitest";
import { agreementReport } from "@/lib/annotate/agreement-report";
import { agreementSummary } from "@/lib/annotate/agreement-summary";
import { datasetStatistics, type RowsBySplit } from "./dataset-statistics";
import { funnelSteps } from "./funnel";
import { cardBody, renderDatasetCard, type DatasetCardInput } from "./render-dataset-card";
import { releasedSampleRows } from "./testing/released-sample";

// The fixture's PRs, split by hand: curvefit#412 and streamlane#2101 to test, curvefit#455 to validation
function sampleSplits(): RowsBySplit {
  const rows = releasedSampleRows();
  const split = (repo: string, n: number) =>
    (repo === "geomkit/curvefit" && n === 412) || (repo === "streamlane/queueworks" && n === 2101)
      ? "test"
      : repo === "geomkit/curvefit" && n === 455
        ? "validation"
        : "train";
  const out: RowsBySplit = { train: [], validation: [], test: [] };
  for (const r of rows) out[split(r.repo, r.pull_request.pull_number)].push(r);
  return out;
}

/** alice gives the first value and bob the second on one instance each */
function agreementOf(pairs: [string, string][], adjudicated: number) {
  const at = new Date("2025-09-01T00:00:00Z");
  const labels = pairs.flatMap(([a, b], i) => [
    { instanceId: `i${i}`, repository: "geomkit/curvefit", annotator: "alice", value: a, createdAt: at },
    { instanceId: `i${i}`, repository: "geomkit/curvefit", annotator: "bob", value: b, createdAt: at },
  ]);
  return agreementSummary(agreementReport(labels), { annotated: pairs.length, adjudicated });
}

function cardInput(): DatasetCardInput {
  return {
    title: "Review Trust Sample",
    statistics: datasetStatistics(sampleSplits()),
    rowOrder: { imported: 0, total: 15 },
    split: {
      method: "partition",
      seed: 42,
      testShare: 0.3,
      validationShare: 0.15,
      targets: {
        train: { trustworthy: 5, untrustworthy: 3 },
        validation: { trustworthy: 1, untrustworthy: 0 },
        test: { trustworthy: 2, untrustworthy: 4 },
      },
      maxAbsDeviation: 1,
    },
    funnel: funnelSteps({
      repositoriesSelected: 2,
      pullRequestsHarvested: 31,
      pullRequestsKept: 12,
      instancesCreated: 4_812,
      droppedByRules: 1_207,
      droppedByLlm: 933,
      passedScreening: 2_672,
      unsuitable: 61,
      labelledTrustworthy: 8,
      labelledUntrustworthy: 3,
      perturbationsGenerated: 9,
      perturbationsAccepted: 4,
      exported: 15,
    }),
    agreement: agreementOf(
      [
        ["trustworthy", "trustworthy"],
        ["trustworthy", "untrustworthy"],
        ["untrustworthy", "untrustworthy"],
        ["trustworthy", "trustworthy"],
      ],
      1,
    ),
  };
}

describe("the dataset card", () => {
  const card = renderDatasetCard(cardInput());

  test("front matter has the released configs/data_files layout: root files for the Hub, data/ for the GitHub copy", () => {
    const front = card.slice(0, card.indexOf("\n---\n", 4) + 5);
    expect(front).toContain(
      "configs:\n- config_name: default\n  data_files:\n  - split: train\n    path: train.jsonl\n  - split: validation\n    path: validation.jsonl\n  - split: test\n    path: test.jsonl\n---\n",
    );
    expect(renderDatasetCard({ ...cardInput(), profile: "github" })).toContain(
      "configs:\n- config_name: default\n  data_files:\n  - split: train\n    path: data/train.jsonl\n  - split: validation\n    path: data/validation.jsonl\n  - split: test\n    path: data/test.jsonl\n---\n",
    );
    expect(front).toContain('pretty_name: "Review Trust Sample"');
    expect(cardBody(card).startsWith("\n# Review Trust Sample")).toBe(true);
  });

  test("the split table shows per-class counts, PRs and targets for each split and the total", () => {
    expect(card).toContain("| split | trustworthy (true) | untrustworthy (false) | examples | PRs | target true / false |");
    // train: curvefit#430 (2 true + symbol) and streamlane#2087 (1 true, 1 false, 1 negation)
    expect(card).toContain("| train | 3 | 3 | 6 | 2 | 5 / 3 |");
    expect(card).toContain("| validation | 2 | 0 | 2 | 1 | 1 / 0 |");
    expect(card).toContain("| test | 3 | 4 | 7 | 2 | 2 / 4 |");
    expect(card).toContain("| **all** | 8 | 7 | 15 | 5 | – |");
    expect(card).toContain("seed 42");
  });

  test("funnel, agreement and perturbations per kind appear with their numbers", () => {
    expect(card).toContain("| Review-comment instances | 4,812 |");
    expect(card).toContain("| Dropped by rule filters | 1,207 |");
    expect(card).toContain("| Examples in this release | 15 |");
    expect(card).toContain("| Annotator pairs compared | 4 |");
    expect(card).toContain("| Observed agreement | 75.0% |");
    expect(card).toContain("| Cohen's kappa | 0.500 |");
    expect(card).toContain("| Disagreements settled by an adjudicator | 1 |");
    expect(card).toContain("| negation | 1 | 0 | 1 | 2 |");
    expect(card).toContain("| symbol | 1 | 0 | 0 | 1 |");
    expect(card).toContain("| location | 0 | 0 | 1 | 1 |");
  });

  test("Table 1 statistics and the repository distribution are computed from the rows", () => {
    const st = cardInput().statistics;
    // curvefit#412's title has 10 words and is the longest
    expect(st.attributes.titleWords.max).toBe(10);
    expect(card).toContain(`| PR text | Title length (words) | ${st.attributes.titleWords.mean.toFixed(2)} | 10 |`);
    // streamlane#2087 has two commits; curvefit#455 two; max is 2
    expect(st.attributes.commits.max).toBe(2);
    expect(card).toMatch(/\| Patch to review \| # Files edited \| 1\.\d\d \| 2 \|/);
    expect(card).toContain("| `geomkit/curvefit` | Python | 3 | 6 | 4 | 10 | 3 | 2 | 5 |");
    expect(card).toContain("| `streamlane/queueworks` | Go | 2 | 2 | 3 | 5 | 3 | 0 | 2 |");
  });

  test("with no double annotation the card says so instead of printing a kappa", () => {
    const input = { ...cardInput(), agreement: agreementOf([], 0) };
    const text = renderDatasetCard(input);
    expect(text).toContain("No instance in this database carries two independent labels");
    expect(text).not.toContain("Cohen's kappa");
  });

  test("the files' row order is said as the writer orders them: sorted, as imported, or imported first", () => {
    const files = (order: { imported: number; total: number }) =>
      renderDatasetCard({ ...cardInput(), rowOrder: order })
        .split("\n")
        .find((l) => l.includes("one example per line"));
    expect(files({ imported: 0, total: 15 })).toContain("sorted by `instance_id` then `judged_entry_id`.");
    expect(files({ imported: 15, total: 15 })).toContain("in the order the imported release had them (file by file, line by line).");
    expect(files({ imported: 15, total: 15 })).not.toContain("sorted by");
    expect(files({ imported: 12, total: 15 })).toContain(
      "the 12 imported rows first, in the order the imported release had them, then the other 3 sorted by `instance_id` then `judged_entry_id`.",
    );
  });

  test("the same input renders the same bytes", () => {
    expect(renderDatasetCard(cardInput())).toBe(card);
  });
});

describe("the card's license and evaluation protocol, as the release's README gives them", () => {
  test("CC BY 4.0 by default in valid Hub front matter, with the collected material's own licenses stated", () => {
    const card = renderDatasetCard(cardInput());
    const front = card.slice(0, card.indexOf("\n---\n", 4));
    expect(front).toContain("\nlicense: cc-by-4.0\n");
    expect(front).toMatch(/\ntags:\n- code-review\n/);
    expect(front).toMatch(/\ntask_categories:\n- text-classification\n/);
    const body = cardBody(card);
    expect(body).toContain("## License");
    expect(body).toContain("Creative Commons Attribution 4.0 International (CC BY 4.0) (`cc-by-4.0`)");
    expect(body).toContain("keep the licenses of their repositories");
  });

  test("the card has the release's sections in its order: task, splits, inside an example, fields, evaluation, license", () => {
    const body = cardBody(renderDatasetCard(cardInput()));
    const order = ["## Task", "## Splits", "## Inside an example", "## Fields", "## How to evaluate a judge", "## License"].map((h) =>
      body.indexOf(`\n${h}\n`),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const example = body.slice(order[2], order[3]);
    expect(example).toContain("patch_to_review: the PR's diff as it stood when the judged comment was written");
    expect(example).toContain("the required experts (three by default) accepted it");
  });

  test("a configured license replaces the default in front matter and body", () => {
    const card = renderDatasetCard({ ...cardInput(), license: { id: "cc-by-sa-4.0", name: "CC BY-SA 4.0" } });
    expect(card).toContain("\nlicense: cc-by-sa-4.0\n");
    expect(card).toContain("released under CC BY-SA 4.0 (`cc-by-sa-4.0`)");
    expect(card).not.toContain("cc-by-4.0");
  });

  test("the evaluation section names private answers, the context policy, the evidence, the splits and what to report", () => {
    const body = cardBody(renderDatasetCard(cardInput()));
    const section = body.slice(body.indexOf("## How to evaluate a judge"), body.indexOf("## License"));
    for (const needle of [
      "Keep the answers private",
      "context policy",
      "base_commit",
      "patch_to_review",
      "train on train",
      "macro-F1",
      "invalid or missing",
      "by construction source",
    ])
      expect(section).toContain(needle);
  });
});
