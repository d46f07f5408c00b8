import Link from "next/link";
import { requirePageRole } from "@/lib/auth/current-user";
import { hasRole } from "@/lib/auth/roles";
import { getPrisma } from "@/lib/db/server";
import { loadAssignmentReadiness } from "@/lib/annotate/annotation-settings";
import { loadQueueOrder, loadQueuePage, neighboursIn, QUEUE_PAGE_SIZE, type QueueItem } from "@/lib/annotate/annotation-queue";
import { LabelBadge } from "./_components/lead-panel";
import { JobPanel } from "@/app/_components/job-panel";
import { AssignForm } from "./assign-form";

const STAGE_TEXT: Record<string, string> = {
  candidate: "not screened",
  filtered_out: "filtered out",
  screened: "ready",
  annotating: "in annotation",
  adjudicating: "awaiting adjudication",
  labelled: "labelled",
  unsuitable: "unsuitable",
  closed: "closed",
};

function QueueTable({ items, lead }: { items: QueueItem[]; lead: boolean }) {
  return (
    <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm" data-testid="queue">
      <thead className="bg-slate-50 text-left text-slate-500">
        <tr>
          <th className="px-3 py-2">Repository · PR</th>
          <th className="px-3 py-2">Comment</th>
          <th className="px-3 py-2">Kind</th>
          <th className="px-3 py-2">{lead ? "Labels" : "Your label"}</th>
          <th className="px-3 py-2">Stage</th>
        </tr>
      </thead>
      <tbody>
        {items.map((i) => (
          <tr
            key={i.id}
            className="border-t border-slate-100 hover:bg-slate-50"
            data-testid="queue-row"
            data-instance-id={i.id}
            data-own-label={i.ownLabel ?? ""}
          >
            <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">
              {i.repo}#{i.prNumber}
            </td>
            <td className="max-w-xl truncate px-3 py-2">
              <Link href={`/annotate/${i.id}`} className="text-indigo-700 hover:underline" data-testid="instance-link">
                {i.excerpt || "(empty)"}
              </Link>
              {i.path && <span className="ml-2 font-mono text-xs text-slate-400">{i.path.split("/").pop()}</span>}
            </td>
            <td className="px-3 py-2 text-xs">{i.kind.replace("_", " ")}</td>
            <td className="px-3 py-2 text-xs">
              {lead ? (
                `${i.labels}/${i.assigned}`
              ) : i.ownLabel ? (
                <LabelBadge value={i.ownLabel} />
              ) : (
                <span className="text-amber-700">to do</span>
              )}
            </td>
            <td className="px-3 py-2 text-xs">{STAGE_TEXT[i.stage] ?? i.stage}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default async function AnnotateQueuePage({ searchParams }: { searchParams: Promise<{ view?: string; page?: string }> }) {
  const user = await requirePageRole("annotator", "adjudicator", "admin");
  const prisma = await getPrisma();
  const lead = hasRole(user, "admin", "adjudicator");
  const annotator = hasRole(user, "annotator");
  const { view, page: pageParam } = await searchParams;
  const scope = lead && (view === "all" || !annotator) ? "all" : "mine";
  const order = await loadQueueOrder(prisma, user, scope);
  const pages = Math.max(1, Math.ceil(order.length / QUEUE_PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number.parseInt(pageParam ?? "1", 10) || 1));
  const items = await loadQueuePage(prisma, user, scope, order, page);
  const admin = hasRole(user, "admin");
  const { overlap, ready, candidates } = admin ? await loadAssignmentReadiness(prisma) : { overlap: 0, ready: 0, candidates: 0 };
  const mine = scope === "mine";
  const done = order.filter((i) => i.ownLabel).length;
  const firstToDo = mine ? neighboursIn(order, "").nextToDoId : null;
  const pageHref = (p: number) =>
    `/annotate?${new URLSearchParams({ ...(scope === "all" && annotator ? { view: "all" } : {}), page: String(p) })}`;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{mine ? "My queue" : "All instances"}</h1>
          <p className="text-sm text-slate-600">
            {mine
              ? `${done} of ${order.length} labelled. Labels are blind: you never see a colleague's label; disagreements go to an adjudicator.`
              : `${order.length} human instances. Leads see every label; annotators see only their own.`}
          </p>
        </div>
        <div className="flex items-center gap-2 text-sm">
          {lead && annotator && (
            <Link
              href={mine ? "/annotate?view=all" : "/annotate"}
              className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
            >
              {mine ? "All instances" : "My queue"}
            </Link>
          )}
          {firstToDo && (
            <Link
              href={`/annotate/${firstToDo}`}
              className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700"
              data-testid="start-next"
            >
              Continue: next to label →
            </Link>
          )}
        </div>
      </div>
      {mine && order.length > 0 && (
        <div
          className="h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={order.length}
          aria-valuenow={done}
          aria-label={`${done} of ${order.length} labelled`}
        >
          <div className="h-full bg-indigo-500" style={{ width: `${(100 * done) / order.length}%` }} />
        </div>
      )}
      {admin && <AssignForm overlap={overlap} ready={ready} candidates={candidates} />}
      {admin && <JobPanel kinds={["assign"]} title="Assignment jobs" titles={{ assign: "Assignment" }} />}
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600" data-testid="empty-queue">
          {mine
            ? "Nothing assigned to you yet. An admin assigns screened instances from this page."
            : "No instances yet: ingest and screen pull requests first."}
        </p>
      ) : (
        <QueueTable items={items} lead={!mine} />
      )}
      {pages > 1 && (
        <nav className="flex items-center gap-3 text-sm" data-testid="queue-pages">
          {page > 1 && (
            <Link href={pageHref(page - 1)} className="text-indigo-700 hover:underline">
              ← previous
            </Link>
          )}
          <span className="text-slate-600">
            page {page} of {pages} (rows {(page - 1) * QUEUE_PAGE_SIZE + 1}–{Math.min(order.length, page * QUEUE_PAGE_SIZE)} of{" "}
            {order.length})
          </span>
          {page < pages && (
            <Link href={pageHref(page + 1)} className="text-indigo-700 hover:underline">
              next →
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
