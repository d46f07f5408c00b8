import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PULL_REQUEST_PAGE_QUERY } from "../../harvest-queries";
import { addIssueComment } from "./mutate-world";
import { githubOpenApi, responseSchema, validateSchema } from "./openapi-validator";
import { startSeededGitHub, type SeededGitHub } from "./seeded-worlds";

// A small world: one materialised repository, a deleted one, a malformed search item, fillers.
const SMALL_WORLD = {
  seed: 7,
  repositories: [{ owner: "acme", name: "widgets", pullRequests: 12, rank: 1 }],
  fillerRepositories: 3,
  deletedRepository: true,
  malformedSearchItem: true,
};

describe("fake GitHub", () => {
  let gh: SeededGitHub;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${gh.url}${path}`, { headers });
  const graphql = async (query: string, variables: Record<string, unknown> = {}) =>
    (await (await fetch(`${gh.url}/graphql`, { method: "POST", body: JSON.stringify({ query, variables }) })).json()) as {
      // biome-ignore lint/suspicious/noExplicitAny: the tests walk whatever shape each query asks for
      data?: Record<string, any>;
      errors?: { type?: string; message: string }[];
    };

  beforeAll(async () => {
    gh = await startSeededGitHub(SMALL_WORLD);
  });
  afterAll(() => gh?.stop());

  test("REST answers validate against GitHub's OpenAPI description, and the validator catches a broken item", async () => {
    const doc = githubOpenApi();
    const check = async (path: string, route: string, status: number) => {
      const res = await get(path);
      expect(res.status).toBe(status);
      return validateSchema(doc, responseSchema(doc, route, "get", status)!, await res.json());
    };
    expect(await check("/repos/acme/widgets", "/repos/{owner}/{repo}", 200)).toEqual([]);
    expect(await check("/repos/acme/widgets/pulls?state=all&per_page=100", "/repos/{owner}/{repo}/pulls", 200)).toEqual([]);
    expect(await check("/repos/vanished/was-popular", "/repos/{owner}/{repo}", 404)).toEqual([]);
    // the deliberately malformed search item is the only violation
    expect(await check("/search/repositories?q=language:Python&sort=stars&per_page=100", "/search/repositories", 200)).toEqual([
      "$.items[2].full_name: required",
      "$.items[2].stargazers_count: expected integer, got string",
    ]);
  });

  test("deleted accounts appear as user: null in REST pull requests", async () => {
    const pulls = (await (await get("/repos/acme/widgets/pulls?state=all&per_page=100")).json()) as { user: unknown; number: number }[];
    const deleted = gh.world.repositories[0].pullRequests.filter((p) => p.author === null).map((p) => p.number);
    expect(
      pulls
        .filter((p) => p.user === null)
        .map((p) => p.number)
        .sort(),
    ).toEqual(deleted.sort());
  });

  test("a repeated GET with the ETag gets 304 without spending quota", async () => {
    const a = await get("/repos/acme/widgets");
    const remaining = Number(a.headers.get("x-ratelimit-remaining"));
    const b = await get("/repos/acme/widgets", { "if-none-match": a.headers.get("etag")! });
    expect(b.status).toBe(304);
    expect(Number(b.headers.get("x-ratelimit-remaining"))).toBe(remaining);
  });

  test("GraphQL enforces GitHub's pagination rules and reports NOT_FOUND with its type", async () => {
    const tooMany = await graphql(`{ repository(owner: "acme", name: "widgets") { pullRequests(first: 101) { nodes { number } } } }`);
    expect(tooMany.errors?.[0]).toMatchObject({ type: "EXCESSIVE_PAGINATION" });
    const unbounded = await graphql(`{ repository(owner: "acme", name: "widgets") { pullRequests { nodes { number } } } }`);
    expect(unbounded.errors?.[0]).toMatchObject({ type: "MISSING_PAGINATION_BOUNDARIES" });
    const count = await graphql(`{ repository(owner: "acme", name: "widgets") { pullRequests { totalCount } } }`);
    expect(count.data?.repository.pullRequests.totalCount).toBe(12);
    const gone = await graphql(`{ r: repository(owner: "vanished", name: "was-popular") { id } }`);
    expect(gone).toMatchObject({ data: { r: null }, errors: [{ type: "NOT_FOUND", path: ["r"] }] });
    const invalid = await graphql(`{ repository(owner: "acme", name: "widgets") { noSuchField } }`);
    expect(invalid.errors?.[0].message).toMatch(/Cannot query field "noSuchField"/);
    expect(gh.exchanges.at(-1)?.invalidQuery).toHaveLength(1);
  });

  test("keyset cursors: a PR updated mid-crawl moves to the front without shifting later pages", async () => {
    const page = (after: string | null) => graphql(PULL_REQUEST_PAGE_QUERY, { owner: "acme", name: "widgets", first: 4, after });
    const p1 = await page(null);
    const conn1 = p1.data!.repository.pullRequests;
    expect(p1.errors).toBeUndefined();
    const rest = gh.world.repositories[0].pullRequests
      .slice()
      .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1))
      .slice(4)
      .map((p) => p.number);
    // the oldest PR of the next pages gets a comment now
    addIssueComment(gh.world, "acme/widgets", rest.at(-1)!, "bump", "2025-08-31T00:00:00Z");
    const p2 = await page(conn1.pageInfo.endCursor);
    expect(p2.data!.repository.pullRequests.nodes.map((n: { number: number }) => n.number)).toEqual(rest.slice(0, 4));
  });

  test("every request is counted, faults included", async () => {
    const before = gh.requestCount();
    gh.faults.add({ on: "rest", nth: 1, respond: "secondary-rate-limit", retryAfterSeconds: 7 });
    const refused = await get("/repos/acme/widgets");
    expect(refused.status).toBe(403);
    expect(refused.headers.get("retry-after")).toBe("7");
    expect(((await refused.json()) as { message: string }).message).toMatch(/secondary rate limit/);
    expect((await get("/repos/acme/widgets")).status).toBe(200);
    expect(gh.requestCount() - before).toBe(2);
  });
});
