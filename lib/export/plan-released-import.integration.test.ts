import { describe, expect, test } from "vitest";
import { isAppError } from "@/lib/errors";
import type { ReleasedFileIssue } from "./parse-released-jsonl";
import { parseReleasedJsonl, splitFromFileName } from "./parse-released-jsonl";
import { planReleasedImport } from "./plan-released-import";
import { releasedSampleRows, releasedSampleText } from "./testing/released-sample";

const file = (rows: unknown[], name = "sample.jsonl") => parseReleasedJsonl(name, rows.map((r) => JSON.stringify(r)).join("\n"), null);

describe("reading a released JSONL file", () => {
  test("the sample parses to 15 rows, remembering each row's line", () => {
    const parsed = parseReleasedJsonl("released-sample.jsonl", releasedSampleText());
    expect(parsed.rows).toHaveLength(15);
    expect(parsed.lines).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(parsed.split).toBeNull();
    expect(parsed.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  test("bad lines are reported with their line number and the field at fault", () => {
    const [good] = releasedSampleRows();
    const text = [
      JSON.stringify(good),
      "{not json",
      JSON.stringify({ ...good, pull_request: { ...good.pull_request, base_commit: "abc" } }),
      JSON.stringify({ ...good, extra_field: 1 }),
      JSON.stringify({ ...good, judged_entry_id: 1 }),
    ].join("\n");
    const error = (() => {
      try {
        parseReleasedJsonl("train.jsonl", text);
      } catch (e) {
        return e;
      }
    })();
    if (!isAppError(error, "unreadable_file")) throw new Error("expected an unreadable_file error");
    const issues = error.details.issues as ReleasedFileIssue[];
    expect(issues.map((i) => i.line)).toEqual([2, 3, 4, 5]);
    expect(error.message).toContain("train.jsonl:2: not JSON");
    expect(error.message).toContain("train.jsonl:3: pull_request.base_commit: must be a 40-hex commit sha");
    expect(error.message).toMatch(/train\.jsonl:4: .*extra_field/);
    expect(error.message).toContain("train.jsonl:5: judged_entry_id: must match exactly one code_review entry id, found 0");
  });

  test("split names come from the file name", () => {
    expect(splitFromFileName("data/train.jsonl")).toBe("train");
    expect(splitFromFileName("crj_validation.jsonl")).toBe("validation");
    expect(splitFromFileName("dev.jsonl")).toBe("validation");
    expect(splitFromFileName("test.jsonl")).toBe("test");
    expect(splitFromFileName("released-sample.jsonl")).toBeNull();
    expect(() => parseReleasedJsonl("notes.jsonl", "\n\n")).toThrow(/has no rows/);
    expect(parseReleasedJsonl("validation.jsonl", "").rows).toEqual([]);
  });
});

describe("planning an import", () => {
  const plan = planReleasedImport([file(releasedSampleRows())]);

  test("rows fold into one PR each with one shared timeline and original entries", () => {
    expect(plan.rows).toBe(15);
    expect(plan.warnings).toEqual([]);
    expect(plan.pullRequests.map((p) => `${p.repo}#${p.number}`).sort()).toEqual([
      "geomkit/curvefit#412",
      "geomkit/curvefit#430",
      "geomkit/curvefit#455",
      "streamlane/queueworks#2087",
      "streamlane/queueworks#2101",
    ]);
    const pr412 = plan.pullRequests.find((p) => p.number === 412)!;
    expect(pr412.instances).toHaveLength(5);
    const a = pr412.timeline.find((e) => e.type === "inline" && e.id === 2081554301)!;
    expect(a).toMatchObject({ review_path: "curvefit/spline.py", body: expect.stringContaining("already excludes") });
  });

  test("each perturbation keeps only what it changed: body for negation and symbol, path and hunk for location", () => {
    const all = plan.pullRequests.flatMap((p) => p.instances);
    const negation = all.find((i) => i.perturbation?.kind === "negation" && i.instanceId.startsWith("geomkit__curvefit-412@"))!;
    expect(negation.perturbation).toEqual({
      kind: "negation",
      body: expect.stringContaining("already includes the boundary"),
      path: null,
      diffHunk: null,
    });
    const location = all.find((i) => i.perturbation?.kind === "location")!;
    expect(location.perturbation).toMatchObject({
      body: null,
      path: "tests/test_spline.py",
      diffHunk: expect.stringMatching(/^@@ -41,3 \+41,14 @@/),
    });
    const symbol = all.find((i) => i.perturbation?.kind === "symbol")!;
    expect(symbol.perturbation).toMatchObject({ body: expect.stringContaining("self.derivative_at(t)"), path: null, diffHunk: null });
    expect(all.filter((i) => i.perturbation).every((i) => !i.trustworthy && i.source === "perturbation")).toBe(true);
  });

  test("a perturbed row labelled trustworthy, or one changing more than the comment, cannot be imported", () => {
    const rows = releasedSampleRows();
    const perturbed = rows.find((r) => r.perturbation_kind === "negation")!;
    expect(() => planReleasedImport([file([...rows.filter((r) => r !== perturbed), { ...perturbed, trustworthy: true }])])).toThrow(
      /must be untrustworthy/,
    );
    const moved = {
      ...perturbed,
      code_review: perturbed.code_review.map((e) =>
        e.type !== "commit" && e.id === perturbed.judged_entry_id ? { ...e, created_at: "2030-01-01T00:00:00Z" } : e,
      ),
    };
    expect(() => planReleasedImport([file([...rows.filter((r) => r !== perturbed), moved])])).toThrow(
      /changes created_at; a perturbation may change only body, review_path and diff_hunk/,
    );
  });

  test("duplicates are refused; disagreements between rows of one PR and odd timestamps are warnings", () => {
    const rows = releasedSampleRows();
    expect(() => planReleasedImport([file(rows), file([rows[0]], "again.jsonl")])).toThrow(
      /duplicate \(instance_id, judged_entry_id\).*first at sample\.jsonl:1/,
    );
    const human = rows.find((r) => r.repo === "geomkit/curvefit" && r.pull_request.pull_number === 455)!;
    const retitled = {
      ...human,
      judged_entry_id: 2150000712,
      judged_user: "someone-else",
      pull_request: { ...human.pull_request, title: "other", created_at: "2025-07-01T10:25:00+00:00" },
    };
    const warned = planReleasedImport([file([human, retitled])]);
    expect(warned.warnings.join("\n")).toMatch(/sample\.jsonl:2: geomkit\/curvefit#455 differs from sample\.jsonl:1 in its PR fields/);
    expect(warned.warnings.join("\n")).toMatch(/judged_user someone-else is not the judged entry's user lmoreau/);
    expect(warned.warnings.join("\n")).toMatch(/1 timestamp is not in GitHub's form/);
  });
});
