import Link from "next/link";
import { requirePageRole } from "@/lib/auth/current-user";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { auditSampleSummaries } from "@/lib/screen/audit-sample-view";
import { recentLlmScreeningErrors } from "@/lib/screen/recent-llm-errors";
import { anyJobActive } from "@/lib/jobs/job-run-record";
import { screeningOverview } from "@/lib/screen/screening-overview";
import { ruleConfigFingerprint } from "@/lib/screen/rule-config";
import { loadRuleConfig } from "@/lib/screen/rule-config-store";
import { screeningLlmStatus } from "@/lib/llm/configured-llm";
import { listUnavailableSnapshots } from "@/lib/snapshot/choose-unavailable";
import { snapshotSummary } from "@/lib/snapshot/snapshot-summary";
import { rerunRulesAction } from "./actions";
import { ActionForm, SubmitButton } from "./_components/action-form";
import { AuditPanel } from "./_components/audit-panel";
import { FunnelTable } from "./_components/funnel-table";
import { JobPanel } from "@/app/_components/job-panel";
import { LlmPanel } from "./_components/llm-panel";
import { SnapshotPanel } from "./_components/snapshot-panel";

const fmt = (n: number) => n.toLocaleString("en-US");

export default async function ScreenPage() {
  await requirePageRole("admin");
  const prisma = await getPrisma();
  const screeningRunning = await anyJobActive(prisma, ["screen-rules", "screen-llm", "screen-llm-shard"]);
  const llm = screeningLlmStatus(config());
  const [{ funnel, queues, handoff, countedAt, stale }, rules, samples, errors, snapshots, unavailable] = await Promise.all([
    screeningOverview(prisma, { screeningRunning, llmConfigured: llm.configured }),
    loadRuleConfig(prisma),
    auditSampleSummaries(prisma),
    recentLlmScreeningErrors(prisma),
    snapshotSummary(prisma),
    listUnavailableSnapshots(prisma),
  ]);
  const c = rules.config;
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-semibold">Screening</h1>
        <p className="max-w-3xl text-sm text-slate-600">
          The paper&apos;s funnel (§2): PR rules and an LLM audit of each PR, then one instance per review comment, the rule filters and an
          LLM comment screen. Every decision is stored with its reason; open a number under &ldquo;Dropped here&rdquo; to see what a step
          removed and why, or re-run one filter without redoing the others.
        </p>
      </header>

      <LlmPanel status={llm} queues={queues} />
      <JobPanel
        kinds={["screen-rules", "screen-llm", "audit-sample"]}
        title="Screening jobs"
        titles={{ "screen-rules": "Rule screening", "screen-llm": "LLM screening", "audit-sample": "Audit-sample draw" }}
      />

      {stale && (
        <p role="status" className="text-sm text-amber-800" data-testid="funnel-stale">
          Screening is running: these counts are from {countedAt.toISOString().slice(11, 19)} UTC and are recounted at most every 30 s;
          reload to update.
        </p>
      )}
      <FunnelTable title="Pull requests" steps={funnel.pullRequests} testId="funnel-pull-requests" handoff={handoff} />
      <FunnelTable title="Review-comment instances" steps={funnel.instances} testId="funnel-instances" handoff={handoff} />
      <SnapshotPanel summary={snapshots} unavailable={unavailable} />

      <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid="rule-config-summary">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 className="text-sm font-semibold uppercase text-slate-500">Rule filter settings</h2>
            <p className="mt-1 text-sm text-slate-700">
              {rules.source === "default"
                ? "The paper's defaults"
                : `Saved ${rules.updatedAt?.toISOString().slice(0, 16).replace("T", " ")} UTC`}
              : PR descriptions ≥ {fmt(c.minPrDescriptionWords)} words; patches ≤ {fmt(c.maxPatchChars)} characters; comments ≥{" "}
              {fmt(c.minCommentChars)} characters; &ldquo;LGTM…&rdquo; comments dropped below {fmt(c.lgtmMaxChars)} characters;{" "}
              {c.knownBots.length} known bots, {c.botNamePatterns.length} bot name patterns, {c.acknowledgements.length} acknowledgements.
            </p>
            <p className="mt-1 font-mono text-xs text-slate-500">{ruleConfigFingerprint(c)}</p>
            {rules.invalidSaved && (
              <p role="alert" className="mt-1 text-sm text-rose-700">
                The saved settings no longer validate ({rules.invalidSaved[0]}); the defaults are in use until you save again.
              </p>
            )}
          </div>
          <div className="flex items-start gap-2">
            <Link
              href="/screen/rules"
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
              data-testid="edit-rules"
            >
              Edit thresholds and lists
            </Link>
            <ActionForm action={rerunRulesAction} testId="rerun-all-rules">
              <SubmitButton pendingLabel="Running rule filters…">Re-run all rule filters</SubmitButton>
            </ActionForm>
          </div>
        </div>
      </section>

      <AuditPanel samples={samples} />

      {errors.length > 0 && (
        <section>
          <h2 className="mb-2 text-sm font-semibold uppercase text-slate-500">Recent LLM errors (skipped; the next run retries them)</h2>
          <ul className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 p-3 text-xs text-amber-900" data-testid="llm-errors">
            {errors.map((e) => (
              <li key={e.id}>
                <span className="font-mono">{e.at.toISOString().slice(0, 16).replace("T", " ")}</span> {e.filterKey} {e.subjectType}{" "}
                <span className="font-mono">{e.subjectId}</span>: {e.code}: {e.message}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
