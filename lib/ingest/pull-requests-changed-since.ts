// "Has any PR changed since the watermark?" for the price of a 304: the pulls list sorted by update,
// one item, asked with the ETag of the last answer. Only a newer updated_at starts a harvest pass.
import { statusOf } from "@/lib/unknown-value";
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { conditionalGet } from "./conditional-get";
import type { GitHubClient } from "./github-client";
import { isoTimestamp } from "./harvest-payloads";
import { repositoryGone } from "./ingest-errors";

const NewestPullSchema = z.array(z.object({ updated_at: isoTimestamp })).max(1);
const SummarySchema = z.object({ updatedAt: z.string().nullable() });

export async function pullRequestsChangedSince(
  client: GitHubClient,
  prisma: PrismaClient,
  fullName: string,
  watermark: Date,
): Promise<boolean> {
  const [owner, repo] = fullName.split("/");
  let res: Awaited<ReturnType<typeof conditionalGet<unknown>>>;
  try {
    res = await conditionalGet<unknown>(
      client,
      prisma,
      "GET /repos/{owner}/{repo}/pulls",
      { owner, repo, state: "all", sort: "updated", direction: "desc", per_page: 1 },
      (data) => {
        const parsed = NewestPullSchema.safeParse(data);
        // an unreadable answer is not evidence of "no change"
        return { updatedAt: parsed.success ? (parsed.data[0]?.updated_at ?? null) : "9999-12-31T23:59:59Z" };
      },
    );
  } catch (e) {
    if (statusOf(e) === 404) throw repositoryGone(fullName);
    throw e;
  }
  const summary = SummarySchema.safeParse(res.summary);
  if (!summary.success || summary.data.updatedAt === null) return !summary.success;
  return Date.parse(summary.data.updatedAt) > watermark.getTime();
}
