// The stars ranking of one language from the search API: at most 1,000 results, 100 a page, so the
// paper's top 1,000 is 10 requests (conditional: an unchanged page costs no quota on a re-crawl).
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { abortableSleep } from "@/lib/abortable-sleep";
import { conditionalGet, forgetConditional } from "./conditional-get";
import type { GitHubClient } from "./github-client";
import { describeIssues } from "./harvest-payloads";

const SearchItemSchema = z.object({
  id: z.number().int(),
  full_name: z.string().regex(/^[^/\s]+\/[^/\s]+$/, "not an owner/name"),
  stargazers_count: z.number().int(),
  language: z.string().nullable(),
  default_branch: z.string(),
});

export interface RankedRepository {
  rank: number;
  fullName: string;
  githubId: number;
  stars: number;
  language: string | null;
  defaultBranch: string;
}

const PageSummarySchema = z.object({
  items: z.array(
    z.object({
      rank: z.number(),
      fullName: z.string(),
      githubId: z.number(),
      stars: z.number(),
      language: z.string().nullable(),
      defaultBranch: z.string(),
    }),
  ),
  malformed: z.array(z.object({ rank: z.number(), message: z.string() })),
  count: z.number(),
  totalCount: z.number().nullable().default(null),
  incompleteResults: z.boolean().default(false),
});
type PageSummary = z.infer<typeof PageSummarySchema>;

const PER_PAGE = 100;
/** GitHub's search answers at most 1,000 results */
const SEARCH_CAP = 1000;
/** asks for a page that came back incomplete or short, before the ranking is declared incomplete */
export const SEARCH_PAGE_ATTEMPTS = 3;

export interface RankingListing {
  ranked: RankedRepository[];
  malformed: { rank: number; message: string }[];
  pages: number;
  /** why the ranking cannot be trusted to be complete (empty when it is): such a selection is not cached */
  incomplete: string[];
}

/**
 * Whether a search page is whole: GitHub's `incomplete_results` says the search timed out; a page holding
 * fewer items than `total_count` promises at its offset was cut short. Pure.
 */
export function searchPageShortfall(summary: Pick<PageSummary, "count" | "totalCount" | "incompleteResults">, page: number): string | null {
  if (summary.totalCount === null) return "the answer has no total_count";
  const expected = Math.max(0, Math.min(PER_PAGE, Math.min(summary.totalCount, SEARCH_CAP) - (page - 1) * PER_PAGE));
  if (summary.incompleteResults) return `GitHub said incomplete_results (${summary.count} of ${expected} items)`;
  if (summary.count < expected) return `${summary.count} items where total_count ${summary.totalCount} promises ${expected}`;
  return null;
}

export async function searchRepositories(
  client: GitHubClient,
  prisma: PrismaClient,
  language: string,
  top: number,
): Promise<RankingListing> {
  const ranked: RankedRepository[] = [];
  const malformed: { rank: number; message: string }[] = [];
  const incomplete: string[] = [];
  const q = `language:${/\s/.test(language) ? `"${language}"` : language}`;
  let pages = 0;
  let lastPage = Math.ceil(Math.min(top, SEARCH_CAP) / PER_PAGE);
  for (let page = 1; page <= lastPage; page++) {
    let summary: PageSummary | null = null;
    let shortfall: string | null = null;
    for (let attempt = 1; attempt <= SEARCH_PAGE_ATTEMPTS; attempt++) {
      pages++;
      const params = { q, sort: "stars", order: "desc", per_page: PER_PAGE, page };
      const res = await conditionalGet<{ items?: unknown[]; total_count?: unknown; incomplete_results?: unknown }>(
        client,
        prisma,
        "GET /search/repositories",
        params,
        (data) => summarizePage(data, page),
      );
      summary = PageSummarySchema.parse(res.summary);
      shortfall = searchPageShortfall(summary, page);
      if (!shortfall) break;
      // a stored answer that was incomplete is not asked for again with its ETag: ask afresh
      await forgetConditional(prisma, "GET /search/repositories", params);
      if (attempt < SEARCH_PAGE_ATTEMPTS) await abortableSleep((client.retryBaseMs ?? 1000) * attempt, client.signal);
    }
    if (!summary) break;
    if (shortfall) incomplete.push(`page ${page}: ${shortfall} after ${SEARCH_PAGE_ATTEMPTS} tries`);
    ranked.push(...summary.items.filter((r) => r.rank <= top));
    malformed.push(...summary.malformed.filter((m) => m.rank <= top));
    // the pages to read follow from the total GitHub gives (a short page is not taken for the end)
    if (summary.totalCount !== null) lastPage = Math.ceil(Math.min(top, SEARCH_CAP, summary.totalCount) / PER_PAGE);
    else if (summary.count < PER_PAGE) break;
  }
  return { ranked, malformed, pages, incomplete };
}

function summarizePage(data: { items?: unknown[]; total_count?: unknown; incomplete_results?: unknown }, page: number): PageSummary {
  const items: RankedRepository[] = [];
  const bad: { rank: number; message: string }[] = [];
  const raws = Array.isArray(data.items) ? data.items : [];
  raws.forEach((raw, i) => {
    const rank = (page - 1) * PER_PAGE + i + 1;
    const item = SearchItemSchema.safeParse(raw);
    if (item.success)
      items.push({
        rank,
        fullName: item.data.full_name,
        githubId: item.data.id,
        stars: item.data.stargazers_count,
        language: item.data.language,
        defaultBranch: item.data.default_branch,
      });
    else bad.push({ rank, message: describeIssues(item.error, raw) });
  });
  return {
    items,
    malformed: bad,
    count: raws.length,
    totalCount: typeof data.total_count === "number" ? data.total_count : null,
    incompleteResults: data.incomplete_results === true,
  };
}
