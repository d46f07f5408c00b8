// Changes to a served world between crawls, as happen on GitHub: a new comment bumps its PR's updatedAt;
// a new PR arrives with real commits in the repository's git data.
import { seededRandom } from "@/lib/random/seeded";
import { importPullRequest } from "./build-git-repositories";
import { generatePullRequest } from "./generate-pull-request";
import { fullNameOf, type FakePullRequest, type FakeRepository, type FakeWorld } from "./world-types";

function repository(world: FakeWorld, fullName: string): FakeRepository {
  const repo = world.repositories.find((r) => fullNameOf(r) === fullName);
  if (!repo) throw new Error(`no repository ${fullName} in the world`);
  return repo;
}

export function addIssueComment(world: FakeWorld, fullName: string, number: number, body: string, at: string): FakePullRequest {
  const pr = repository(world, fullName).pullRequests.find((p) => p.number === number);
  if (!pr) throw new Error(`no PR #${number} in ${fullName}`);
  pr.comments.push({ databaseId: 1_500_000_000 + world.nextDatabaseId++, author: world.accounts[0], body, createdAt: at });
  pr.updatedAt = at;
  return pr;
}

export async function addPullRequest(world: FakeWorld, fullName: string, createdAt: string): Promise<FakePullRequest> {
  const repo = repository(world, fullName);
  const number = Math.max(0, ...repo.pullRequests.map((p) => p.number), ...repo.issues.map((i) => i.number)) + 1;
  const pr = generatePullRequest(world, repo, {
    number,
    createdAtMs: Date.parse(createdAt),
    shape: "ordinary",
    random: seededRandom(world.seed + number),
  });
  repo.pullRequests.push(pr);
  await importPullRequest(repo, pr);
  return pr;
}
