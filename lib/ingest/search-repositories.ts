// The stars ranking of one language from the search API: at most 1,000 results, 100 a page, so the
// paper's top 1,000 is 10 requests (conditional: an unchanged page costs no quota on a re-crawl).
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { conditionalGet } from "./conditional-get";
import type { GitHubClient } from "./github-client";
import { describeIssues } from "./harvest-payloads";

export const SearchItemSchema = z.object({
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
});

const PER_PAGE = 100;

export async function searchRepositories(client: GitHubClient, prisma: PrismaClient, language: string, top: number) {
  const ranked: RankedRepository[] = [];
  const malformed: { rank: number; message: string }[] = [];
  const q = `language:${/\s/.test(language) ? `"${language}"` : language}`;
  let pages = 0;
  for (let page = 1; page <= Math.ceil(top / PER_PAGE); page++) {
    pages++;
    const res = await conditionalGet<{ items?: unknown[] }>(
      client,
      prisma,
      "GET /search/repositories",
      { q, sort: "stars", order: "desc", per_page: PER_PAGE, page },
      (data) => {
        const items: RankedRepository[] = [];
        const bad: { rank: number; message: string }[] = [];
        (data.items ?? []).forEach((raw, i) => {
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
        return { items, malformed: bad, count: (data.items ?? []).length } as unknown as z.infer<typeof PageSummarySchema>;
      },
    );
    const summary = PageSummarySchema.parse(res.summary);
    ranked.push(...summary.items.filter((r) => r.rank <= top));
    malformed.push(...summary.malformed.filter((m) => m.rank <= top));
    if (summary.count < PER_PAGE) break;
  }
  return { ranked, malformed, pages };
}
