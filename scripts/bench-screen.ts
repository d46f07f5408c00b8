// Screening-stage benchmark: rule filters over a synthetic set the size of the paper's initial
// collection (76,190 instances, §2), and the LLM comment screen's throughput against a local
// OpenAI-compatible server on 127.0.0.1 (scripted answers, fixed latency). Prints name=value
// lines; nothing leaves the machine; bounded in time.
import { performance } from "node:perf_hooks";
import { z } from "zod";
import { createMemoryLlmCache } from "@/lib/llm/cache";
import { createLlmClient } from "@/lib/llm/client";
import { fakeReply, startFakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { measureThroughput } from "@/lib/llm/throughput";
import { composeCommentScreen } from "@/lib/screen/compose-screen-requests";
import { CommentScreenAnswerSchema } from "@/lib/screen/llm-screen-answer";
import { loadScreeningPrompt } from "@/lib/screen/load-screening-prompt";
import { screenWithLlm, type LlmScreenJob } from "@/lib/screen/screen-with-llm";
import { scriptedScreenAnswer } from "@/lib/screen/testing/scripted-screen-answers";
import { applyInstanceRules, INSTANCE_RULE_ORDER } from "@/lib/screen/apply-rule-filters";
import { DEFAULT_RULE_CONFIG, ruleConfigFingerprint, type RuleConfig } from "@/lib/screen/rule-config";
import { generateSyntheticComments, type SyntheticComment } from "@/lib/demo/synthetic-comments";

const COMMENT_COUNT = 76_190;
const SEED = 20250815;
// The LLM stage is paced by the server, not the CPU: a few thousand requests measure it.
const LLM_INSTANCES = 2_000;
const LLM_CONCURRENCY = 8;
const LLM_LATENCY_MS = 20;

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

/** Comment screen over the first comments the rules kept, as the real run sends them. */
async function measureLlmScreen(comments: readonly SyntheticComment[], config: RuleConfig): Promise<Figures> {
  const prompt = await loadScreeningPrompt("comment-screen");
  const kept = comments.filter((c) => applyInstanceRules(c, config).droppedBy === null).slice(0, LLM_INSTANCES);
  const jobs: LlmScreenJob[] = kept.map((c) => ({
    id: c.id,
    request: composeCommentScreen(prompt, {
      repository: "synthetic/bench",
      pullRequestNumber: c.pullRequestNumber,
      pullRequestTitle: `Synthetic change #${c.pullRequestNumber}`,
      pullRequestBody: "The cache key ignored the encoding, so two readers with different encodings shared one entry.",
      kind: "inline",
      path: "src/pkg/module.py",
      diffHunk: "@@ -1,3 +1,3 @@\n+    value = compute(value)",
      authorLogin: c.commentAuthor.login,
      body: c.commentBody,
      earlierComments: [],
    }),
  }));
  const server = await startFakeOpenAiServer({ respond: (r) => ({ ...scriptedScreenAnswer(r), delayMs: LLM_LATENCY_MS }) });
  try {
    const client = createLlmClient({ baseUrl: server.url, model: "bench-scripted-judge", concurrency: LLM_CONCURRENCY });
    const cache = createMemoryLlmCache();
    const verdicts = { keep: 0, drop: 0 };
    const options = {
      client,
      cache,
      promptVersion: prompt.version,
      schema: CommentScreenAnswerSchema,
      schemaName: "comment_screen",
      concurrency: LLM_CONCURRENCY,
      onOutcome: (o: { ok: boolean; answer?: { verdict: "keep" | "drop" } }) => void (o.ok && o.answer && verdicts[o.answer.verdict]++),
    };
    const paid = await screenWithLlm(jobs, options);
    const rerun = await screenWithLlm(jobs, { ...options, onOutcome: () => undefined });
    return {
      llm_instances: paid.items,
      llm_concurrency: LLM_CONCURRENCY,
      llm_server_latency_ms: LLM_LATENCY_MS,
      llm_requests: paid.requests,
      llm_errors: paid.errors,
      llm_elapsed_ms: paid.elapsedMs.toFixed(1),
      llm_requests_per_second: (paid.requests / (paid.elapsedMs / 1000)).toFixed(1),
      llm_max_in_flight: server.maxConcurrent,
      llm_kept: verdicts.keep,
      llm_dropped: verdicts.drop,
      llm_cached_rerun_requests: rerun.requests,
      llm_cached_rerun_ms: rerun.elapsedMs.toFixed(1),
    };
  } finally {
    await server.close();
  }
}

/** The LLM client's own timings (what lib/llm/client.test.ts and throughput.test.ts used to assert). */
async function measureLlmClient(): Promise<Figures> {
  const request = {
    system: "Answer in JSON.",
    user: "Is this comment technical?",
    schemaName: "bench",
    schema: z.object({ ok: z.boolean() }),
  };
  const figures: Figures = {};
  const elapsed = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    await run().catch(() => undefined);
    return (performance.now() - started).toFixed(1);
  };
  // 20 ms per answer, 4 slots, 24 requests: at most 200 req/s
  let server = await startFakeOpenAiServer({ respond: () => fakeReply.slow(20, fakeReply.json({ ok: true })) });
  try {
    const client = createLlmClient({ baseUrl: server.url, model: "m", concurrency: 4 });
    figures.llm_throughput_24x20ms_4_slots_rps = (await measureThroughput(client, 24)).toFixed(1);
    figures.llm_throughput_bound_rps = 200;
  } finally {
    await server.close();
  }
  // Retry-After 0.05 s with a 10 s backoff of its own
  server = await startFakeOpenAiServer({ script: [fakeReply.rateLimited("0.05"), fakeReply.json({ ok: true })] });
  try {
    const client = createLlmClient({ baseUrl: server.url, model: "m", retryBaseMs: 10_000 });
    figures.llm_retry_after_50ms_total_ms = await elapsed(() => client.completeJson(request));
  } finally {
    await server.close();
  }
  // 100 ms timeout, one retry, a server that takes 2 s
  server = await startFakeOpenAiServer({ respond: () => fakeReply.slow(2_000, fakeReply.json({ ok: true })) });
  try {
    const client = createLlmClient({ baseUrl: server.url, model: "m", timeoutMs: 100, maxRetries: 1 });
    figures.llm_timeout_100ms_x2_fail_ms = await elapsed(() => client.completeJson(request));
  } finally {
    await server.close();
  }
  const closed = await startFakeOpenAiServer();
  await closed.close();
  const unreachable = createLlmClient({ baseUrl: closed.url, model: "m", retryBaseMs: 1_000 });
  figures.llm_unreachable_fail_ms = await elapsed(() => unreachable.completeJson(request));
  return figures;
}

function printFigures(figures: Figures): void {
  for (const [name, value] of Object.entries(figures)) console.log(`${name}=${value}`);
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const comments = generateSyntheticComments({ count: COMMENT_COUNT, seed: SEED });
  printFigures(describeSyntheticSet(comments, performance.now() - t0));
  printFigures(measureRuleFilter(comments, DEFAULT_RULE_CONFIG));
  printFigures(await measureLlmScreen(comments, DEFAULT_RULE_CONFIG));
  printFigures(await measureLlmClient());
}

await main();
