// Repositories named explicitly (`--repo owner/name`, or a list from the UI) skip the stars ranking:
// one conditional GET each records their metadata, and a 404 records that they are gone.
import { statusOf } from "@/lib/unknown-value";
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { conditionalGet } from "./conditional-get";
import type { GitHubClient } from "./github-client";
import { describeIssues } from "./harvest-payloads";
import { repositoryGone } from "./ingest-errors";

const RepositorySchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  stargazers_count: z.number().int(),
  language: z.string().nullable(),
  default_branch: z.string(),
});
const SummarySchema = z.object({
  githubId: z.number(),
  fullName: z.string(),
  stars: z.number(),
  language: z.string().nullable(),
  defaultBranch: z.string(),
});

export async function registerNamedRepositories(
  ctx: {
    prisma: PrismaClient;
    client: GitHubClient;
    reportError: (repository: string | null, item: string, message: string) => Promise<void>;
  },
  fullNames: string[],
): Promise<string[]> {
  const found: string[] = [];
  for (const requested of fullNames) {
    const [owner, repo] = requested.split("/");
    try {
      const res = await conditionalGet<unknown>(ctx.client, ctx.prisma, "GET /repos/{owner}/{repo}", { owner, repo }, (data) => {
        const r = RepositorySchema.parse(data);
        return { githubId: r.id, fullName: r.full_name, stars: r.stargazers_count, language: r.language, defaultBranch: r.default_branch };
      });
      const parsed = SummarySchema.safeParse(res.summary);
      if (!parsed.success) {
        await ctx.reportError(requested, "repository", `malformed payload, skipped: ${describeIssues(parsed.error, res.summary)}`);
        continue;
      }
      const s = parsed.data;
      const data = {
        language: s.language,
        stars: s.stars,
        githubId: BigInt(s.githubId),
        defaultBranch: s.defaultBranch,
        selectionStatus: "selected" as const,
        selectionReason: "named explicitly",
        selectionCheckedAt: new Date(),
        lastError: null,
      };
      await ctx.prisma.repository.upsert({
        where: { fullName: s.fullName },
        create: { fullName: s.fullName, owner: s.fullName.split("/")[0], name: s.fullName.split("/")[1], ...data },
        update: data,
      });
      found.push(s.fullName);
    } catch (e) {
      if (statusOf(e) !== 404 && !(e instanceof z.ZodError)) throw e;
      const message =
        e instanceof z.ZodError ? `malformed payload, skipped: ${describeIssues(e, null)}` : repositoryGone(requested).message;
      const data = {
        selectionStatus: "rejected" as const,
        selectionReason: "not found on GitHub (deleted, renamed or made private)",
        lastError: message,
        selectionCheckedAt: new Date(),
      };
      if (statusOf(e) === 404)
        await ctx.prisma.repository.upsert({
          where: { fullName: requested },
          create: { fullName: requested, owner, name: repo, ...data },
          update: data,
        });
      await ctx.reportError(requested, "repository", message);
    }
  }
  return found;
}
