import Link from "next/link";
import { Markdown } from "@/app/_components/markdown";
import { requirePageRole } from "@/lib/auth/current-user";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { manualQueue } from "@/lib/screen/manual-screening";
import { screeningLlmStatus } from "@/lib/llm/configured-llm";
import { ManualDecisionForm } from "./manual-decision-form";
import { BidiText } from "@/app/_components/bidi-text";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const PAGE_SIZE = 10;

const CRITERIA = {
  pr: "Keep a PR whose description gives a substantive technical account that can be interpreted from the PR, its patch and linked issues. Drop it when the description lacks technical substance, cannot be interpreted, or depends on information absent here (undocumented conventions, off-platform discussions, an unavailable issue).",
  comment:
    "Keep a comment that makes a technical claim or request an expert could check against the PR. Drop purely social or complimentary comments, vague ones that need unavailable context, duplicates of an earlier comment, and formatting- or whitespace-only remarks.",
};

export default async function ManualQueuePage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageRole("admin");
  const params = await searchParams;
  const level = params.level === "pr" ? "pr" : "comment";
  const page = Math.max(1, Number(params.page) || 1);
  // comments in annotators' hands are listed only when asked for
  const withAnnotating = level === "comment" && params.inAnnotation === "include";
  const queue = await manualQueue(await getPrisma(), level, {
    skip: (page - 1) * PAGE_SIZE,
    take: PAGE_SIZE,
    inAnnotation: withAnnotating ? "include" : "exclude",
  });
  const llm = screeningLlmStatus(config());
  const pages = Math.max(1, Math.ceil(queue.listed / PAGE_SIZE));
  const view = `level=${level}${withAnnotating ? "&inAnnotation=include" : ""}`;
  const tab = (l: "pr" | "comment", label: string) => (
    <Link
      href={`/screen/manual?level=${l}`}
      aria-current={l === level ? "page" : undefined}
      className={`rounded-md px-3 py-1.5 text-sm ${l === level ? "bg-indigo-600 text-white" : "border border-slate-300 text-slate-700 hover:bg-slate-50"}`}
    >
      {label}
    </Link>
  );
  return (
    <div className="space-y-4">
      <Link href="/screen" className="text-sm text-indigo-700 hover:underline">
        ← Screening
      </Link>
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold">Manual screening queue</h1>
        {!llm.configured && (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" data-testid="manual-no-llm">
            No LLM is configured, so these items wait for a person. Your decision is stored under the same filter as an LLM&apos;s (marked
            manual, with your rationale) and the funnel counts it the same way.
          </p>
        )}
        <div className="flex gap-2">
          {tab("pr", "PR audit")}
          {tab("comment", "Comment screen")}
        </div>
        <p className="max-w-3xl text-sm text-slate-600">{CRITERIA[level]}</p>
        <p className="text-sm text-slate-600">
          <span className="font-mono font-semibold" data-testid="manual-total">
            {queue.total.toLocaleString("en-US")}
          </span>{" "}
          waiting.{" "}
          {queue.inAnnotation > 0 && (
            <span data-testid="manual-in-annotation-filter">
              {withAnnotating ? (
                <>
                  Listing the {queue.inAnnotation} already in annotation too (a drop withdraws them from the annotators&apos; queues).{" "}
                  <Link href={`/screen/manual?level=${level}`} className="text-indigo-700 hover:underline">
                    Hide them
                  </Link>
                </>
              ) : (
                <>
                  {queue.inAnnotation} of them are already in annotation and not listed, so screening does not take work out of
                  annotators&apos; hands.{" "}
                  <Link href={`/screen/manual?level=${level}&inAnnotation=include`} className="text-indigo-700 hover:underline">
                    List them too
                  </Link>
                </>
              )}
            </span>
          )}
        </p>
      </header>
      {queue.items.length === 0 ? (
        <p className="text-sm text-slate-500" data-testid="manual-empty">
          {queue.total > 0
            ? "Nothing else is waiting: the rest is in annotation (listed on request above)."
            : "Nothing is waiting: every item that passed the earlier steps has a decision."}
        </p>
      ) : (
        <ul className="space-y-3" data-testid="manual-queue">
          {queue.items.map((item) => (
            <li
              key={item.id}
              className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 lg:grid-cols-[minmax(0,1fr)_22rem]"
              data-testid="manual-item"
              data-in-annotation={item.inAnnotation ? "true" : undefined}
            >
              <div className="min-w-0">
                <p className="font-mono text-xs text-slate-500">
                  {item.repository}#{item.pullRequestNumber}
                  {item.location ? ` · ${item.location}` : ""} · {item.author ?? "ghost"}
                </p>
                <p className="font-medium">
                  <BidiText text={item.title} />
                </p>
                <div className="mt-2 max-h-64 overflow-auto rounded-md bg-slate-50 p-3">
                  {item.text.trim() ? <Markdown text={item.text} /> : <p className="text-sm text-slate-500">(empty)</p>}
                </div>
                {level === "comment" && (
                  <Link href={`/annotate/${item.id}`} className="mt-1 inline-block text-xs text-indigo-700 hover:underline">
                    Open with the PR, patch and discussion →
                  </Link>
                )}
              </div>
              <ManualDecisionForm level={level} itemId={item.id} inAnnotation={item.inAnnotation} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="flex items-center gap-3 text-sm" aria-label="Pages">
          {page > 1 && (
            <Link href={`/screen/manual?${view}&page=${page - 1}`} className="text-indigo-700 hover:underline">
              ← Previous
            </Link>
          )}
          <span className="text-slate-600">
            Page {page} of {pages}
          </span>
          {page < pages && (
            <Link href={`/screen/manual?${view}&page=${page + 1}`} className="text-indigo-700 hover:underline">
              Next →
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
