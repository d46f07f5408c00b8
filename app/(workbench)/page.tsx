import Link from "next/link";
import { redirect } from "next/navigation";
import { requirePageRole } from "@/lib/auth/current-user";
import { countOpenLabelling } from "@/lib/annotate/open-labelling";
import { maySeeLabelTotals } from "@/lib/auth/page-access";
import { hasRole } from "@/lib/auth/roles";
import { config, integrationStatus } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { INSTANCE_STAGES, pipelineCounts } from "@/lib/overview/pipeline-counts";
import { STAGE_WORDS } from "@/lib/annotate/stage-words";
import { loadFunnelTargets, pipelineFunnel } from "@/lib/overview/pipeline-funnel";
import { FunnelTargetsForm } from "./funnel-targets-form";
import { OVERVIEW_ROLES } from "./nav";
import { counted } from "@/lib/text/plural";
import { PipelineFunnelChart } from "./pipeline-funnel-chart";
import { listJudgeRuns } from "@/lib/judge/judge-views";

const fmt = (n: number) => n.toLocaleString("en-US");

function StageCard({ title, href, children }: { title: string; href?: string; children: React.ReactNode }) {
  const inner = (
    <section className="h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h2>
      {children}
    </section>
  );
  return href ? (
    <Link href={href} className="block hover:[&>section]:border-indigo-300">
      {inner}
    </Link>
  ) : (
    inner
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between py-0.5 text-sm">
      <span className="text-slate-600">{label}</span>
      <span className="font-mono font-medium" data-testid={testId}>
        {fmt(value)}
      </span>
    </div>
  );
}

export default async function OverviewPage() {
  const user = await requirePageRole();
  if (!hasRole(user, ...OVERVIEW_ROLES)) redirect("/annotate");
  const prisma = await getPrisma();
  const [c, funnel, openLabelling, judgeRuns] = await Promise.all([
    pipelineCounts(prisma),
    loadFunnelTargets(prisma),
    countOpenLabelling(prisma, user.id),
    // the overview's readers are the leads, who open judge runs (lib/auth/page-access.ts); the list is the admin's
    listJudgeRuns(prisma, { take: 3 }),
  ]);
  // a lead with labelling of their own open sees no label totals: they would tell how co-annotators labelled
  const integrations = integrationStatus(config());
  const admin = hasRole(user, "admin");
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Pipeline overview</h1>
        <p className="text-sm text-slate-600">
          {[
            `Ingest → screen → annotate → perturb → split → export. Database: ${integrations.database}`,
            `GitHub ${integrations.github ? "configured" : "not configured"}`,
            `LLM ${integrations.llm ? "configured" : "not configured"}`,
            `Hugging Face ${integrations.huggingFace ? "configured" : "not configured"}.`,
          ].join("; ")}
        </p>
      </div>
      <div className="space-y-2">
        <PipelineFunnelChart rows={pipelineFunnel(c, funnel.targets)} source={funnel.source} />
        {funnel.problem && (
          <p className="text-sm text-amber-800" role="status">
            {funnel.problem}
          </p>
        )}
        {admin && <FunnelTargetsForm targets={funnel.targets} />}
      </div>
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <StageCard title="1 · Repositories" href={admin ? "/ingest" : undefined}>
          <Figure label="Total" value={c.repositories.total} testId="count-repositories" />
          <Figure label="Selected" value={c.repositories.selected} />
          <Figure label="Rejected" value={c.repositories.rejected} />
        </StageCard>
        <StageCard title="1 · Pull requests" href={admin ? "/ingest" : undefined}>
          <Figure label="Harvested" value={c.pullRequests.total} testId="count-pull-requests" />
          <Figure label="Kept by screening" value={c.pullRequests.kept} />
          <Figure label="Dropped by screening" value={c.pullRequests.dropped} />
          <Figure label="Not screened yet" value={c.pullRequests.pending} />
        </StageCard>
        <StageCard title="2–3 · Instances by stage" href="/annotate">
          <Figure label="All review-comment instances" value={c.instances.total} testId="count-instances" />
          {INSTANCE_STAGES.map((s) => (
            <Figure key={s} label={STAGE_WORDS[s].name} value={c.instances.byStage[s]} testId={`stage-${s}`} />
          ))}
        </StageCard>
        <StageCard title="3 · Labels">
          <Figure label="Labels given" value={c.labels.total} testId="count-labels" />
          {maySeeLabelTotals(openLabelling) ? (
            <>
              <Figure label="Trustworthy" value={c.labels.trustworthy} />
              <Figure label="Untrustworthy" value={c.labels.untrustworthy} />
              <Figure label="Unsuitable" value={c.labels.unsuitable} />
            </>
          ) : (
            <p className="py-0.5 text-sm text-slate-600" data-testid="label-totals-hidden">
              Totals per label are hidden while you have {counted(openLabelling, "item")} of your own to label: they would tell you how
              others labelled them.{" "}
              <Link href="/annotate" className="text-indigo-700 underline">
                Your queue
              </Link>
            </p>
          )}
          <Figure label="Adjudications" value={c.labels.adjudications} />
        </StageCard>
        <StageCard title="4 · Perturbations">
          <Figure label="Generated" value={c.perturbations.total} testId="count-perturbations" />
          <Figure label="Negation" value={c.perturbations.negation} />
          <Figure label="Symbol" value={c.perturbations.symbol} />
          <Figure label="Location" value={c.perturbations.location} />
          <Figure label="Verified negatives" value={c.perturbations.accepted} />
        </StageCard>
        <StageCard title="5 · Splits">
          {c.splits ? (
            <>
              <Figure label="Train" value={c.splits.train} />
              <Figure label="Validation" value={c.splits.validation} />
              <Figure label="Test" value={c.splits.test} />
            </>
          ) : (
            <p className="text-sm text-slate-500" data-testid="no-splits">
              No split yet: labels first.
            </p>
          )}
        </StageCard>
        <StageCard title="6 · Judge runs">
          {judgeRuns.length === 0 ? (
            <p className="text-sm text-slate-500" data-testid="no-judge-runs">
              No judge run yet: export a split first.
            </p>
          ) : (
            <ul className="space-y-1 text-sm" data-testid="overview-judge-runs">
              {judgeRuns.map((r) => (
                <li key={r.id}>
                  <Link href={`/evaluate/judge/${r.id}`} className="text-indigo-700 underline underline-offset-2">
                    {r.name}
                  </Link>
                  <span className="block text-xs text-slate-600">
                    {r.status} · {fmt(r.done)} of {fmt(r.total)} tasks · {r.split} split
                  </span>
                </li>
              ))}
            </ul>
          )}
          {admin && (
            <Link href="/evaluate/judge" className="mt-2 inline-block text-sm text-indigo-700 underline underline-offset-2">
              All judge runs
            </Link>
          )}
        </StageCard>
      </div>
    </div>
  );
}
