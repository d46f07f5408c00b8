import { requirePageRole } from "@/lib/auth/current-user";
import { config, integrationStatus } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { listCrawlErrors, listCrawlRuns, repositoryProgress } from "@/lib/ingest/crawl-views";
import { loadOpenHoles } from "@/lib/ingest/crawl-holes";
import { holeLabel } from "@/lib/ingest/progress-display";
import { JobPanel } from "@/app/_components/job-panel";
import { ReopenHolesForm } from "./reopen-holes-form";
import { StartCrawlForm } from "./start-crawl-form";

const STATUS_STYLE = {
  selected: "bg-emerald-100 text-emerald-800",
  rejected: "bg-rose-100 text-rose-800",
  candidate: "bg-slate-100 text-slate-700",
} as const;
const RUN_STYLE = {
  running: "text-indigo-700",
  succeeded: "text-emerald-700",
  failed: "text-rose-700",
  interrupted: "text-amber-700",
  partial: "text-amber-700",
} as const;
const n = (v: number | null | undefined) => (v === null || v === undefined ? "–" : v.toLocaleString("en-US"));
const at = (d: Date | null) => (d ? d.toISOString().replace("T", " ").slice(0, 16) : "–");

export default async function IngestPage() {
  await requirePageRole("admin");
  const prisma = await getPrisma();
  const [repos, runs, errors, holes] = await Promise.all([
    repositoryProgress(prisma),
    listCrawlRuns(prisma, { limit: 20 }),
    listCrawlErrors(prisma, { limit: 50 }),
    loadOpenHoles(prisma),
  ]);
  const latest = runs[0];
  return (
    <div className="space-y-6">
      <div className="flex items-baseline justify-between">
        <h1 className="text-2xl font-semibold">Ingest</h1>
        {latest && (
          <p className="text-sm text-slate-600" data-testid="rate-limit">
            GitHub budget left after the latest run: <span className="font-mono">{n(latest.rateLimitRemaining)}</span>
            {latest.rateLimitResetAt && <> (resets {at(latest.rateLimitResetAt)} UTC)</>}
          </p>
        )}
      </div>
      <StartCrawlForm githubConfigured={integrationStatus(config()).github} />
      <JobPanel kinds={["ingest", "snapshots"]} title="Crawl jobs" titles={{ ingest: "Crawl", snapshots: "Snapshot backfill" }} />
      <section>
        <h2 className="mb-2 text-sm font-semibold uppercase text-slate-500">Repositories: selection and harvest progress</h2>
        <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm" data-testid="repositories">
          <thead className="bg-slate-50 text-left text-slate-500">
            <tr>
              <th className="px-3 py-2">Repository</th>
              <th className="px-3 py-2 text-right">Stars</th>
              <th className="px-3 py-2 text-right">PRs on GitHub</th>
              <th className="px-3 py-2">Decision</th>
              <th className="px-3 py-2 text-right">Harvested</th>
              <th className="px-3 py-2">Checkpoint</th>
            </tr>
          </thead>
          <tbody>
            {repos.map((r) => (
              <tr key={r.fullName} className="border-t border-slate-100 align-top">
                <td className="px-3 py-2 font-mono text-xs">
                  {r.fullName}
                  <div className="text-slate-500">
                    {r.language ?? ""}
                    {r.starRank ? ` · rank ${r.starRank}` : ""}
                  </div>
                </td>
                <td className="px-3 py-2 text-right font-mono">{n(r.stars)}</td>
                <td className="px-3 py-2 text-right font-mono">{n(r.prCount)}</td>
                <td className="px-3 py-2">
                  <span className={`rounded px-1.5 py-0.5 text-xs ${STATUS_STYLE[r.selectionStatus]}`}>{r.selectionStatus}</span>
                  <div className="mt-1 text-xs text-slate-600">{r.selectionReason}</div>
                </td>
                <td className="px-3 py-2 text-right font-mono">{n(r.harvestedPrs)}</td>
                <td className="px-3 py-2 text-xs text-slate-600">
                  {r.checkpoint
                    ? r.checkpoint.done
                      ? `complete · watermark ${at(r.prWatermark)}`
                      : `in progress · ${n(r.checkpoint.prsDone)} PRs stored`
                    : "not started"}
                  {r.holes.retrying + r.holes.givenUp > 0 && (
                    <div className="text-amber-700" data-testid="repository-holes">
                      {r.holes.retrying > 0 &&
                        `${r.holes.retrying} PR${r.holes.retrying === 1 ? "" : "s"} missing, retried by the next run`}
                      {r.holes.retrying > 0 && r.holes.givenUp > 0 && " · "}
                      {r.holes.givenUp > 0 && `${r.holes.givenUp} given up`}
                    </div>
                  )}
                  {r.lastError && <div className="text-rose-700">{r.lastError}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section>
        <h2 className="mb-2 text-sm font-semibold uppercase text-slate-500">Crawl runs</h2>
        {runs.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="no-runs">
            No crawl has run yet. Start one above, with <code>npm run ingest</code>, or from the cron route (
            <code>POST /api/cron/ingest</code>).
          </p>
        ) : (
          <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
            <thead className="bg-slate-50 text-left text-slate-500">
              <tr>
                <th className="px-3 py-2">Started (UTC)</th>
                <th className="px-3 py-2">Trigger</th>
                <th className="px-3 py-2">Status</th>
                <th className="px-3 py-2 text-right">Requests</th>
                <th className="px-3 py-2 text-right">Repos</th>
                <th className="px-3 py-2 text-right">PRs</th>
                <th className="px-3 py-2 text-right">Budget left</th>
                <th className="px-3 py-2 text-right">Errors</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.id} className="border-t border-slate-100 align-top">
                  <td className="px-3 py-2 font-mono text-xs">{at(r.startedAt)}</td>
                  <td className="px-3 py-2">{r.trigger}</td>
                  <td className={`px-3 py-2 ${RUN_STYLE[r.status]}`}>
                    {r.status}
                    {r.error && <div className="text-xs">{r.error}</div>}
                  </td>
                  <td className="px-3 py-2 text-right font-mono">{n(r.requests)}</td>
                  <td className="px-3 py-2 text-right font-mono">
                    {n(r.reposHarvested)}/{n(r.reposSelected)}
                  </td>
                  <td className="px-3 py-2 text-right font-mono">{n(r.prsHarvested)}</td>
                  <td className="px-3 py-2 text-right font-mono">{n(r.rateLimitRemaining)}</td>
                  <td className="px-3 py-2 text-right font-mono">{n(r.errorsCount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {holes.length > 0 && (
        <section>
          <h2 className="mb-2 text-sm font-semibold uppercase text-slate-500">Pull requests not harvested</h2>
          <table className="w-full rounded-lg border border-slate-200 bg-white text-sm" data-testid="holes">
            <thead className="bg-slate-50 text-left text-slate-500">
              <tr>
                <th className="px-3 py-2">Repository</th>
                <th className="px-3 py-2">Pull request</th>
                <th className="px-3 py-2">Why</th>
                <th className="px-3 py-2 text-right">Attempts</th>
                <th className="px-3 py-2">Next</th>
              </tr>
            </thead>
            <tbody>
              {holes.map((h) => (
                <tr key={`${h.repository}${h.key}`} className="border-t border-slate-100 align-top">
                  <td className="px-3 py-2 font-mono text-xs">{h.repository}</td>
                  <td className="px-3 py-2 font-mono text-xs">{holeLabel(h)}</td>
                  <td className="px-3 py-2 text-xs text-rose-700">{h.reason}</td>
                  <td className="px-3 py-2 text-right font-mono">{h.attempts}</td>
                  <td className="px-3 py-2 text-xs">
                    {h.permanent ? (
                      <>
                        given up: every run of {h.repository} says partial until it is stored or accepted as missing{" "}
                        <ReopenHolesForm repository={h.repository} holeKey={h.key} />
                      </>
                    ) : (
                      "retried by the next run"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {errors.length > 0 && (
        <section>
          <h2 className="mb-2 text-sm font-semibold uppercase text-slate-500">Skipped upstream items</h2>
          <ul className="space-y-1 rounded-lg border border-slate-200 bg-white p-3 text-xs">
            {errors.map((e) => (
              <li key={e.id}>
                <span className="font-mono text-slate-500">{at(e.at)}</span> <span className="font-mono">{e.repository ?? "–"}</span>{" "}
                {e.item}: <span className="text-rose-700">{e.message}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
