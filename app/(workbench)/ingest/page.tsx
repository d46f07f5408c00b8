import { requirePageRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";

const STATUS_STYLE = { selected: "bg-emerald-100 text-emerald-800", rejected: "bg-rose-100 text-rose-800", candidate: "bg-slate-100 text-slate-700" } as const;

export default async function IngestPage() {
  await requirePageRole("admin");
  const prisma = await getPrisma();
  const [repos, runs] = await Promise.all([
    prisma.repository.findMany({ orderBy: { stars: "desc" }, include: { _count: { select: { pullRequests: true } } } }),
    prisma.crawlRun.findMany({ orderBy: { startedAt: "desc" }, take: 20 }),
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Ingest</h1>
      <section>
        <h2 className="mb-2 text-sm font-semibold uppercase text-slate-500">Repositories and selection decisions</h2>
        <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm" data-testid="repositories">
          <thead className="bg-slate-50 text-left text-slate-500">
            <tr><th className="px-3 py-2">Repository</th><th className="px-3 py-2">Language</th><th className="px-3 py-2 text-right">Stars</th><th className="px-3 py-2 text-right">PRs on GitHub</th><th className="px-3 py-2 text-right">Harvested</th><th className="px-3 py-2">Decision</th></tr>
          </thead>
          <tbody>
            {repos.map((r) => (
              <tr key={r.id} className="border-t border-slate-100">
                <td className="px-3 py-2 font-mono text-xs">{r.fullName}</td>
                <td className="px-3 py-2">{r.language ?? "–"}</td>
                <td className="px-3 py-2 text-right font-mono">{r.stars.toLocaleString("en-US")}</td>
                <td className="px-3 py-2 text-right font-mono">{r.prCount.toLocaleString("en-US")}</td>
                <td className="px-3 py-2 text-right font-mono">{r._count.pullRequests.toLocaleString("en-US")}</td>
                <td className="px-3 py-2">
                  <span className={`rounded px-1.5 py-0.5 text-xs ${STATUS_STYLE[r.selectionStatus]}`}>{r.selectionStatus}</span>
                  <span className="ml-2 text-xs text-slate-600">{r.selectionReason}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section>
        <h2 className="mb-2 text-sm font-semibold uppercase text-slate-500">Crawl runs</h2>
        {runs.length === 0 ? (
          <p className="text-sm text-slate-600">No crawl has run yet. Start one with <code>npm run ingest</code> or the cron route.</p>
        ) : (
          <table className="w-full rounded-lg border border-slate-200 bg-white text-sm">
            <thead className="bg-slate-50 text-left text-slate-500">
              <tr><th className="px-3 py-2">Started</th><th className="px-3 py-2">Trigger</th><th className="px-3 py-2">Status</th><th className="px-3 py-2 text-right">Requests</th><th className="px-3 py-2 text-right">PRs</th><th className="px-3 py-2 text-right">Rate limit left</th><th className="px-3 py-2">Error</th></tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.id} className="border-t border-slate-100">
                  <td className="px-3 py-2 font-mono text-xs">{r.startedAt.toISOString()}</td>
                  <td className="px-3 py-2">{r.trigger}</td>
                  <td className="px-3 py-2">{r.status}</td>
                  <td className="px-3 py-2 text-right font-mono">{r.requests}</td>
                  <td className="px-3 py-2 text-right font-mono">{r.prsHarvested}</td>
                  <td className="px-3 py-2 text-right font-mono">{r.rateLimitRemaining ?? "–"}</td>
                  <td className="px-3 py-2 text-xs text-rose-700">{r.error}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
