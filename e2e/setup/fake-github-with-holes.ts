// Sidecar of e2e/crawl-holes.spec.ts: the same world, with two pull requests the app cannot store: one
// whose title holds a NUL character (PostgreSQL text cannot hold it: given up at once), and one whose
// comments' follow-up page GitHub keeps failing with a partial error (retried by later runs).
import { NESTED_FIRST } from "@/lib/ingest/harvest-queries";
import { failFollowUpPages } from "@/lib/ingest/testing/fake-github/graphql-quirks";
import { serveFakeGitHub } from "./serve-fake-github";

await serveFakeGitHub({
  alter: (world) => {
    const prs = world.repositories.find((r) => r.owner === "e2e-lab")?.pullRequests ?? [];
    const [unstorable, long] = [prs[1], prs[2]];
    unstorable.title = `${unstorable.title}\u0000`;
    // more comments than the page query's first page holds: the rest come by a follow-up page
    for (let i = 0; i < NESTED_FIRST.comments + 5; i++)
      long.comments.push({ databaseId: 1_600_000_000 + i, author: world.accounts[0], body: `note ${i}`, createdAt: long.updatedAt });
  },
  alterGraphqlData: failFollowUpPages,
});
