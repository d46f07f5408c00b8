// Selection facts for many repositories in one aliased GraphQL query per batch: total PRs, commits on the
// default branch inside the activity window, PRs created inside it. NOT_FOUND marks a deleted repository.
import { z } from "zod";
import type { RepositoryFacts } from "./decide-selection";
import type { GitHubClient } from "./github-client";
import { describeIssues } from "./harvest-payloads";
import { repositoryFactsQuery } from "./harvest-queries";
import { activityWindow, type SelectionCriteria } from "./selection-criteria";

const FactsSchema = z.object({
  databaseId: z.number().int().nullable(),
  nameWithOwner: z.string(),
  stargazerCount: z.number().int(),
  primaryLanguage: z.object({ name: z.string() }).nullable(),
  pullRequests: z.object({ totalCount: z.number().int() }),
  defaultBranchRef: z
    .object({ name: z.string(), target: z.object({ history: z.object({ totalCount: z.number().int() }).optional() }).nullable() })
    .nullable(),
});
const SearchCountSchema = z.object({ issueCount: z.number().int() });

export const FACTS_BATCH = 25;

export type FactsOutcome =
  | { fullName: string; facts: Omit<RepositoryFacts, "starRank">; stars?: number; defaultBranch?: string | null }
  | { fullName: string; error: string };

export async function fetchRepositoryFacts(
  client: GitHubClient,
  fullNames: string[],
  criteria: SelectionCriteria,
): Promise<FactsOutcome[]> {
  const repos = fullNames.map((f) => {
    const [owner, name] = f.split("/");
    return { owner, name };
  });
  const { query, variables } = repositoryFactsQuery(repos, activityWindow(criteria));
  const { data, errors } = await client.graphql<Record<string, unknown>>(query, variables);
  return fullNames.map((fullName, i): FactsOutcome => {
    const errorFor = (alias: string) => errors.find((e) => e.path?.[0] === alias);
    if (errorFor(`r${i}`)?.type === "NOT_FOUND")
      return { fullName, facts: { fullName, prCount: 0, commitsInWindow: 0, prsInWindow: 0, notFound: true } };
    const facts = FactsSchema.safeParse(data?.[`r${i}`]);
    const count = SearchCountSchema.safeParse(data?.[`p${i}`]);
    if (!facts.success) return { fullName, error: errorFor(`r${i}`)?.message ?? describeIssues(facts.error, data?.[`r${i}`]) };
    if (!count.success) return { fullName, error: errorFor(`p${i}`)?.message ?? describeIssues(count.error, data?.[`p${i}`]) };
    return {
      fullName,
      stars: facts.data.stargazerCount,
      defaultBranch: facts.data.defaultBranchRef?.name ?? null,
      facts: {
        fullName,
        prCount: facts.data.pullRequests.totalCount,
        commitsInWindow: facts.data.defaultBranchRef?.target?.history?.totalCount ?? 0,
        prsInWindow: count.data.issueCount,
      },
    };
  });
}
