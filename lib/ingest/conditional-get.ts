// REST GETs with If-None-Match: a 304 costs no REST quota (GitHub docs, "conditional requests"), so
// re-crawls ask "anything new?" for free. The ETag and a small summary of the body are kept in the database.
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import type { GitHubClient } from "./github-client";

export interface ConditionalResult<T> {
  notModified: boolean;
  /** the fresh body on 200; undefined on 304 */
  data?: T;
  /** what `summarize` kept from the last 200 (on 304, the only content available) */
  summary: unknown;
  headers: Record<string, string | number | undefined>;
}

const conditionalCacheKey = (route: string, params: Record<string, string | number>) =>
  `GET ${route} ${JSON.stringify(Object.entries(params).sort())}`;

/** Forgets the stored ETag of a request, so the next one is unconditional (a cached answer not to trust). */
export async function forgetConditional(prisma: PrismaClient, route: string, params: Record<string, string | number>) {
  await prisma.httpCacheEntry.deleteMany({ where: { key: conditionalCacheKey(route, params) } });
}

export async function conditionalGet<T>(
  client: GitHubClient,
  prisma: PrismaClient,
  route: string,
  params: Record<string, string | number>,
  summarize: (data: T) => Prisma.InputJsonValue | null,
): Promise<ConditionalResult<T>> {
  const key = conditionalCacheKey(route, params);
  const cached = await prisma.httpCacheEntry.findUnique({ where: { key } });
  try {
    const res = await client.octokit.request(route, { ...params, headers: cached ? { "if-none-match": cached.etag } : {} });
    const summary = summarize(res.data as T);
    const etag = res.headers.etag;
    if (etag) {
      const body = summary ?? undefined;
      await prisma.httpCacheEntry.upsert({ where: { key }, create: { key, etag, body }, update: { etag, body } });
    }
    return { notModified: false, data: res.data as T, summary, headers: res.headers };
  } catch (e) {
    const err = e as { status?: number; response?: { headers: Record<string, string> } };
    if (err.status === 304 && cached) return { notModified: true, summary: cached.body, headers: err.response?.headers ?? {} };
    throw e;
  }
}
