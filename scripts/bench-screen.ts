// Screening-stage benchmark: rule filters over a synthetic set the size of the paper's initial
// collection (76,190 instances, §2). Prints name=value lines; no network, bounded in time.
// The LLM screen's figures belong in their own measure…() function beside measureRuleFilter.
import { performance } from "node:perf_hooks";
import { applyInstanceRules, INSTANCE_RULE_ORDER } from "@/lib/screen/apply-rule-filters";
import { DEFAULT_RULE_CONFIG, ruleConfigFingerprint, type RuleConfig } from "@/lib/screen/rule-config";
import { generateSyntheticComments, type SyntheticComment } from "@/lib/screen/synthetic-comments";

const COMMENT_COUNT = 76_190;
const SEED = 20250815;

type Figures = Record<string, string | number>;

function measureRuleFilter(comments: readonly SyntheticComment[], config: RuleConfig): Figures {
  const dropsByRule = new Map<string, number>(INSTANCE_RULE_ORDER.map((rule) => [rule, 0]));
  let kept = 0;
  // Cold pass: includes compiling the config and JIT warm-up, as a real screening run would.
  const started = performance.now();
  for (const comment of comments) {
    const outcome = applyInstanceRules(comment, config);
    if (outcome.droppedBy === null) kept++;
    else dropsByRule.set(outcome.droppedBy.rule, (dropsByRule.get(outcome.droppedBy.rule) ?? 0) + 1);
  }
  const elapsedMs = performance.now() - started;

  const warmMs: number[] = [];
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    for (const comment of comments) applyInstanceRules(comment, config);
    warmMs.push(performance.now() - t0);
  }
  warmMs.sort((a, b) => a - b);

  const figures: Figures = {
    rule_filter_version: ruleConfigFingerprint(config),
    rule_filter_instances: comments.length,
    rule_filter_ms: elapsedMs.toFixed(1),
    rule_filter_instances_per_second: Math.round(comments.length / (elapsedMs / 1000)),
    rule_filter_ms_warm_median: warmMs[1].toFixed(1),
    rule_filter_kept: kept,
    rule_filter_dropped: comments.length - kept,
  };
  for (const [rule, drops] of dropsByRule) figures[`rule_filter_drops_${rule}`] = drops;
  return figures;
}

function describeSyntheticSet(comments: readonly SyntheticComment[], generationMs: number): Figures {
  const byKind = new Map<string, number>();
  for (const c of comments) byKind.set(c.kind, (byKind.get(c.kind) ?? 0) + 1);
  const figures: Figures = {
    synthetic_comments: comments.length,
    synthetic_pull_requests: new Set(comments.map((c) => c.pullRequestNumber)).size,
    synthetic_generation_ms: generationMs.toFixed(1),
  };
  for (const [kind, n] of [...byKind].sort()) figures[`synthetic_kind_${kind}`] = n;
  return figures;
}

function printFigures(figures: Figures): void {
  for (const [name, value] of Object.entries(figures)) console.log(`${name}=${value}`);
}

function main(): void {
  const t0 = performance.now();
  const comments = generateSyntheticComments({ count: COMMENT_COUNT, seed: SEED });
  printFigures(describeSyntheticSet(comments, performance.now() - t0));
  printFigures(measureRuleFilter(comments, DEFAULT_RULE_CONFIG));
}

main();
