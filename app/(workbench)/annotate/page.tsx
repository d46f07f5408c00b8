import Link from "next/link";
import { STAGE_WORDS, stageName } from "@/lib/annotate/stage-words";
import { requirePageRole } from "@/lib/auth/current-user";
import { hasRole } from "@/lib/auth/roles";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { screeningLlmStatus } from "@/lib/llm/configured-llm";
import { loadScreenGate } from "@/lib/screen/screen-gate";
import { loadAssignmentReadiness } from "@/lib/annotate/annotation-settings";
import {
  loadQueue,
  loadQueueItems,
  loadQueuePageIds,
  loadQueueSummary,
  QUEUE_PAGE_SIZE,
  type QueueItem,
} from "@/lib/annotate/annotation-queue";
import { LabelBadge } from "./_components/lead-panel";
import {
  type FilteredQueue,
  filterQueue,
  QUEUE_STATUSES,
  type QueueQuery,
  QueueQuerySchema,
  type QueueStatus,
} from "@/lib/annotate/queue-filters";
import { JobPanel } from "@/app/_components/job-panel";
import { AssignForm } from "./assign-form";
import { BidiText } from "@/app/_components/bidi-text";
import { openAuditWork, type OpenAuditWork } from "@/lib/screen/open-audit-work";
import { screeningFilter } from "@/lib/screen/screening-filters";
import { counted } from "@/lib/text/plural";

/** The audit samples with decisions this expert may still review or settle (paper §2), linked. */
function AuditWork({ work }: { work: OpenAuditWork[] }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="audit-work">
      <h2 className="text-xs font-semibold uppercase text-slate-500">Audit of LLM screening decisions</h2>
      <ul className="mt-1 space-y-1">
        {work.map((w) => (
          <li key={w.sampleId}>
            <Link
              href={`/screen/audit/${w.sampleId}`}
              className="text-indigo-700 underline underline-offset-2"
              data-testid="audit-work-link"
            >
              {screeningFilter(w.filterKey).label} sample
            </Link>
            :{" "}
            {[
              w.toReview > 0 ? `${counted(w.toReview, "decision")} waiting for your review` : null,
              w.toAdjudicate > 0 ? `${counted(w.toAdjudicate, "disagreement")} for a third expert to settle` : null,
            ]
              .filter(Boolean)
              .join(", ")}
          </li>
        ))}
      </ul>
    </section>
  );
}

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
              <Link
                href={`/annotate/${i.id}`}
                className="text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700"
                data-testid="instance-link"
              >
                {i.excerpt ? <BidiText text={i.excerpt} /> : "(empty)"}
              </Link>
              {i.path && <span className="ml-2 font-mono text-xs text-slate-500">{i.path.split("/").pop()}</span>}
            </td>
            <td className="px-3 py-2 text-xs">{i.kind.replace("_", " ")}</td>
            <td className="px-3 py-2 text-xs">
              {/* a lead's own items show their own status: the counts would tell a co-annotator's progress */}
              {lead && i.labels !== null ? (
                `${i.labels}/${i.assigned}`
              ) : i.ownLabel ? (
                <LabelBadge value={i.ownLabel} />
              ) : i.skipped ? (
                <span className="text-slate-600" data-testid="skipped">
                  skipped
                </span>
              ) : (
                <span className="text-amber-700">to do</span>
              )}
            </td>
            <td className="px-3 py-2 text-xs">{stageName(i.stage)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function QueueFilters({ mine, query, filtered }: { mine: boolean; query: QueueQuery; filtered: FilteredQueue<QueueItem> }) {
  const statusLabel: Record<QueueStatus, string> = { all: "all", to_do: "to do", done: "labelled", skipped: "skipped" };
  return (
    <form
      method="get"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm"
      data-testid="queue-filters"
    >
      {!mine && <input type="hidden" name="view" value="all" />}
      <label className="block">
        <span className="block text-xs font-medium text-slate-600">Search</span>
        <input
          name="q"
          defaultValue={query.q ?? ""}
          placeholder="comment, file or repo#PR"
          className="mt-1 w-56 rounded-md border border-slate-300 px-2 py-1"
          data-testid="queue-search"
        />
      </label>
      <FilterSelect
        label="Repository"
        name="repo"
        value={query.repo ?? ""}
        testId="queue-repo"
        options={[{ value: "", text: "all" }, ...filtered.repositories.map((r) => ({ value: r, text: r }))]}
      />
      {mine ? (
        <FilterSelect
          label="Status"
          name="status"
          value={query.status}
          testId="queue-status"
          options={QUEUE_STATUSES.map((st) => ({ value: st, text: `${statusLabel[st]} (${filtered.counts[st]})` }))}
        />
      ) : (
        <FilterSelect
          label="Stage"
          name="stage"
          value={query.stage ?? ""}
          testId="queue-stage"
          options={[{ value: "", text: "all" }, ...filtered.stages.map((st) => ({ value: st, text: stageName(st) }))]}
        />
      )}
      <FilterSelect
        label="Sort"
        name="sort"
        value={query.sort}
        testId="queue-sort"
        options={[
          { value: "order", text: "PR order" },
          { value: "repository", text: "repository" },
          { value: "stage", text: "stage" },
        ]}
      />
      <button type="submit" className="rounded-md border border-slate-300 px-3 py-1 hover:bg-slate-50" data-testid="queue-apply">
        Apply
      </button>
      <p className="text-xs text-slate-600" data-testid="queue-count">
        Showing {filtered.items.length} of {filtered.counts.all}
        {mine ? ` · ${filtered.counts.to_do} to do · ${filtered.counts.done} labelled · ${filtered.counts.skipped} skipped` : ""}
      </p>
    </form>
  );
}

/** One labelled filter of the queue form, read back from the query. */
function FilterSelect({
  label,
  name,
  value,
  testId,
  options,
}: {
  label: string;
  name: string;
  value: string;
  testId: string;
  options: { value: string; text: string }[];
}) {
  return (
    <label className="block">
      <span className="block text-xs font-medium text-slate-600">{label}</span>
      <select name={name} defaultValue={value} className="mt-1 rounded-md border border-slate-300 px-2 py-1" data-testid={testId}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </label>
  );
}

export default async function AnnotateQueuePage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const user = await requirePageRole("annotator", "adjudicator", "admin");
  const prisma = await getPrisma();
  const lead = hasRole(user, "admin", "adjudicator");
  const annotator = hasRole(user, "annotator");
  const params = await searchParams;
  const { view } = params;
  const query = QueueQuerySchema.parse(params);
  const scope = lead && (view === "all" || !annotator) ? "all" : "mine";
  // A search, filter or sort looks at every row; the plain queue asks the database for its counts and
  // the one page shown (a lead's view of 70,000 instances stays fast).
  const filtering =
    query.q !== undefined || query.repo !== undefined || query.stage !== undefined || query.status !== "all" || query.sort !== "order";
  const summary = await loadQueueSummary(prisma, user, scope);
  const all = filtering ? await loadQueue(prisma, user, scope) : null;
  const filteredAll = all ? filterQueue(all, query) : null;
  const total = filteredAll ? filteredAll.items.length : summary.counts.all;
  const pages = Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number.parseInt(params.page ?? "1", 10) || 1));
  const pageItems = filteredAll
    ? filteredAll.items.slice((page - 1) * QUEUE_PAGE_SIZE, page * QUEUE_PAGE_SIZE)
    : await loadQueueItems(prisma, user, scope, await loadQueuePageIds(prisma, user, scope, page));
  const filtered: FilteredQueue<QueueItem> = filteredAll
    ? { ...filteredAll, items: pageItems }
    : { items: pageItems, counts: summary.counts, repositories: summary.repositories, stages: Object.keys(STAGE_WORDS) };
  const queueLength = summary.counts.all;
  const admin = hasRole(user, "admin");
  const auditWork = await openAuditWork(prisma, { id: user.id, mayAdjudicate: hasRole(user, "adjudicator", "admin") });
  const readiness = admin
    ? await loadAssignmentReadiness(prisma, await loadScreenGate(prisma, { llmConfigured: screeningLlmStatus(config()).configured }))
    : null;
  const mine = scope === "mine";
  const done = summary.counts.done;
  const firstToDo = mine ? summary.firstToDoId : null;
  const pageHref = (p: number) => {
    const keep = Object.entries(params).filter((entry): entry is [string, string] => entry[0] !== "page" && typeof entry[1] === "string");
    return `/annotate?${new URLSearchParams([...keep, ["page", String(p)]])}`;
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{mine ? "My queue" : "All instances"}</h1>
          <p className="text-sm text-slate-600">
            {mine
              ? `${done} of ${queueLength} labelled. Labels are blind: you never see a colleague's label; disagreements go to an adjudicator.`
              : `${queueLength} human instances. Leads see every label; annotators see only their own.`}
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
      {mine && queueLength > 0 && (
        <div
          className="h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={queueLength}
          aria-valuenow={done}
          aria-label={`${done} of ${queueLength} labelled`}
        >
          <div className="h-full bg-indigo-500" style={{ width: `${(100 * done) / queueLength}%` }} />
        </div>
      )}
      {admin && (
        <div className="space-y-1">
          {readiness && <AssignForm {...readiness} />}
          <Link href="/annotate/team" className="text-sm text-indigo-700 hover:underline" data-testid="team-link">
            Choose annotators and batches, see workloads, reassign →
          </Link>
        </div>
      )}
      {admin && <JobPanel kinds={["assign"]} title="Assignment jobs" titles={{ assign: "Assignment" }} />}
      {auditWork.length > 0 && <AuditWork work={auditWork} />}
      {queueLength > 0 && <QueueFilters mine={mine} query={query} filtered={filtered} />}
      {queueLength === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600" data-testid="empty-queue">
          {mine
            ? "Nothing assigned to you yet. An admin assigns screened instances from this page."
            : "No instances yet: ingest and screen pull requests first."}
        </p>
      ) : (
        <QueueTable items={filtered.items} lead={!mine} />
      )}
      {pages > 1 && (
        <nav className="flex items-center gap-3 text-sm" data-testid="queue-pages">
          {page > 1 && (
            <Link href={pageHref(page - 1)} className="text-indigo-700 underline underline-offset-2">
              ← previous
            </Link>
          )}
          <span className="text-slate-600">
            page {page} of {pages} (rows {(page - 1) * QUEUE_PAGE_SIZE + 1}–{Math.min(total, page * QUEUE_PAGE_SIZE)} of {total})
          </span>
          {page < pages && (
            <Link href={pageHref(page + 1)} className="text-indigo-700 underline underline-offset-2">
              next →
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
