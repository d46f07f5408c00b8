import Link from "next/link";
import { requirePageRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { isAppError } from "@/lib/errors";
import { droppedItems, DroppedItemsQuerySchema, type DroppedItemsPage } from "@/lib/screen/dropped-items";
import { splitDecisionRationale } from "@/lib/screen/llm-screen-answer";
import { plural } from "@/lib/text/plural";
import { BidiText } from "@/app/_components/bidi-text";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function DroppedPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageRole("admin");
  const params = await searchParams;
  const query = DroppedItemsQuerySchema.safeParse({ step: one(params.step) ?? "", page: one(params.page) ?? 1 });
  let result: DroppedItemsPage | null = null;
  let problem: string | null = null;
  if (!query.success) problem = "Choose a funnel step from the screening page.";
  else {
    try {
      result = await droppedItems(await getPrisma(), query.data);
    } catch (e) {
      if (isAppError(e, "not_found")) problem = e.message;
      else throw e;
    }
  }
  if (!result) {
    return (
      <div className="space-y-3">
        <Link href="/screen" className="text-sm text-indigo-700 hover:underline">
          ← Screening
        </Link>
        <p role="alert" className="text-sm text-rose-700">
          {problem}
        </p>
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  const pageLink = (p: number) => `/screen/dropped?step=${encodeURIComponent(result.step)}&page=${p}`;
  return (
    <div className="space-y-4">
      <Link href="/screen" className="text-sm text-indigo-700 hover:underline">
        ← Screening
      </Link>
      <header>
        <h1 className="text-2xl font-semibold">Dropped by: {result.label}</h1>
        <p className="text-sm text-slate-600">
          <span data-testid="dropped-total">{result.total.toLocaleString("en-US")}</span> {plural(result.total, "item")} this step dropped
          that no earlier step had dropped, each with the stored reason.
        </p>
      </header>
      {result.items.length === 0 ? (
        <p className="text-sm text-slate-500" data-testid="dropped-empty">
          Nothing was dropped at this step.
        </p>
      ) : (
        <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm" data-testid="dropped-items">
          <thead className="bg-slate-50 text-left text-slate-500">
            <tr>
              <th className="px-3 py-2">Repository · PR</th>
              <th className="px-3 py-2">{result.items[0].subject === "pull_request" ? "Description" : "Comment"}</th>
              <th className="px-3 py-2">Author</th>
              <th className="px-3 py-2">Reason</th>
            </tr>
          </thead>
          <tbody>
            {result.items.map((item) => {
              const { category, text } = splitDecisionRationale(item.rationale);
              return (
                <tr key={item.id} className="border-t border-slate-100 align-top" data-testid="dropped-item">
                  <td className="px-3 py-2 font-mono text-xs">
                    {item.repository}#{item.pullRequestNumber}
                    <div className="font-sans text-slate-500">
                      <BidiText text={item.pullRequestTitle} />
                    </div>
                  </td>
                  <td className="max-w-md px-3 py-2">
                    <p className="line-clamp-4 whitespace-pre-wrap break-words text-slate-800">
                      {item.text ? <BidiText text={item.text} /> : <span className="text-slate-500">(empty)</span>}
                    </p>
                    {item.location && (
                      <p className="mt-1 font-mono text-xs text-slate-500">
                        <BidiText text={item.location} />
                      </p>
                    )}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{item.author ?? "ghost"}</td>
                  <td className="max-w-md px-3 py-2" data-testid="dropped-rationale">
                    {category && <span className="mr-1 rounded bg-violet-100 px-1.5 py-0.5 text-xs text-violet-800">{category}</span>}
                    {text}
                    <p className="mt-1 text-xs text-slate-500">
                      {item.filterKey}
                      {item.model ? ` · ${item.model}` : ""}
                      {item.promptVersion ? ` · ${item.promptVersion}` : ""} · {item.decidedAt.toISOString().slice(0, 16).replace("T", " ")}{" "}
                      UTC
                    </p>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <nav className="flex items-center gap-3 text-sm" aria-label="Pages">
          {result.page > 1 && (
            <Link href={pageLink(result.page - 1)} className="text-indigo-700 hover:underline">
              ← Previous
            </Link>
          )}
          <span className="text-slate-600">
            Page {result.page} of {pages}
          </span>
          {result.page < pages && (
            <Link href={pageLink(result.page + 1)} className="text-indigo-700 hover:underline">
              Next →
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
