import { describe, expect, test } from "vitest";
import { followUpQuery, PULL_REQUEST_PAGE_QUERY, repositoryFactsQuery, withFragments, type FollowUpKind } from "./harvest-queries";
import { validateGithubQuery } from "./testing/fake-github/github-graphql-schema";

const KINDS: FollowUpKind[] = ["comments", "reviews", "reviewThreads", "commits", "closingIssuesReferences", "threadComments"];

describe("harvest queries against GitHub's published GraphQL schema", () => {
  test("the PR page query is valid", () => {
    expect(validateGithubQuery(PULL_REQUEST_PAGE_QUERY)).toEqual([]);
  });

  test("follow-up queries are valid for every connection kind, alone and batched", () => {
    for (const kind of KINDS)
      expect(validateGithubQuery(followUpQuery([{ kind, nodeId: "PR_x", after: "Y3Vyc29yOjMw" }]).query), kind).toEqual([]);
    const batch = followUpQuery(KINDS.map((kind, i) => ({ kind, nodeId: `N_${i}`, after: `c${i}` })));
    expect(validateGithubQuery(batch.query)).toEqual([]);
    expect(batch.variables).toMatchObject({ id0: "N_0", after0: "c0", id5: "N_5", after5: "c5" });
  });

  test("the selection facts query is valid for a batch of repositories and searches the window's days", () => {
    const { query, variables } = repositoryFactsQuery(
      [
        { owner: "pandas-dev", name: "pandas" },
        { owner: "numpy", name: "numpy" },
      ],
      { since: "2024-08-15T00:00:00Z", until: "2025-08-15T23:59:59Z" },
    );
    expect(validateGithubQuery(query)).toEqual([]);
    expect(variables.prs1).toBe("repo:numpy/numpy is:pr created:2024-08-15..2025-08-15");
  });

  test("documents carry exactly the fragments they use", () => {
    const q = withFragments('query X { node(id: "a") { ...IssueCommentFields } }');
    expect(q).toContain("fragment IssueCommentFields");
    expect(q).toContain("fragment ActorFields");
    expect(q).not.toContain("fragment ReviewFields");
    // a document with an unused fragment is rejected by GitHub, so the check must be able to fail
    expect(validateGithubQuery(`${PULL_REQUEST_PAGE_QUERY}\nfragment Unused on User { login }`)).toEqual([
      'Fragment "Unused" is never used.',
    ]);
  });
});
