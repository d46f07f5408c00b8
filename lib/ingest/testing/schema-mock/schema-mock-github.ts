// A GitHub GraphQL API driven by GitHub's published schema (@octokit/graphql-schema) instead of the
// project's own fake: every field the crawler asks for is answered with a random value of its declared
// type (any member of a union or interface, any enum value, lists of any length up to `first`, nulls
// wherever the schema allows them, connections that say "more" at random), seeded so a failure replays.
// Only what the crawler cannot work without comes from a world of the seeded fake: the repository, its
// PR numbers, ids, dates and the base/head commits of its real git repositories. Faults (fault-plan.ts)
// can be aimed at one operation. This checks the crawler against answers the project's fake never gives.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  execute,
  formatError,
  type GraphQLAbstractType,
  type GraphQLFieldResolver,
  type GraphQLOutputType,
  type GraphQLTypeResolver,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  parse,
  validate,
} from "graphql";
import { randomInt, seededRandom } from "@/lib/random/seeded";
import { readBody } from "../fake-github/fake-github-server";
import { FaultPlan, type FaultRule, faultResponse } from "../fake-github/fault-plan";
import { graphqlQueryCost } from "../fake-github/graphql-cost";
import { githubGraphqlSchema } from "../fake-github/github-graphql-schema";
import { fullNameOf, type FakePullRequest, type FakeRepository, type FakeWorld } from "../fake-github/world-types";

export interface SchemaMockOptions {
  seed: number;
  /** the repositories and PR skeletons (number, id, dates, commits) the answers are built around */
  world: FakeWorld;
  token?: string;
  faults?: FaultRule[];
  /** chance that a field the schema lets be null is null (not the PR skeleton's own fields) */
  nullRate?: number;
  /** chance that a nested connection says it has more after its page */
  moreRate?: number;
  /**
   * PRs GitHub fails to resolve, by number, in the operations named: a non-null field of the PR throws
   * (its review threads, or its number when that is all the query asks), so graphql-js nulls the PR
   * node and reports a partial error at its path, as GitHub does when a PR's nested data times out
   */
  failingPullRequests?: { numbers: Set<number>; operations: Set<string> };
}

const GITHUB_TIMEOUT = "Something went wrong while executing your query. This may be the result of a timeout, or it could be a GitHub bug.";

export interface SchemaMockExchange {
  seq: number;
  operationName?: string;
  variables?: Record<string, unknown>;
  status: number;
  fault?: string;
  invalidQuery?: string[];
}

export interface SchemaMockGitHub {
  url: string;
  exchanges: SchemaMockExchange[];
  faults: FaultPlan;
  close(): Promise<void>;
}

const HOUR = 3600;
const WORDS = ["the", "cache", "is", "not", "flushed", "when", "reader", "returns", "None", "here", "🙂", "ünïcode", "`x`", "\n"];

export async function startSchemaMockGitHub(options: SchemaMockOptions): Promise<SchemaMockGitHub> {
  const schema = githubGraphqlSchema();
  const random = seededRandom(options.seed);
  const nullRate = options.nullRate ?? 0.03;
  const moreRate = options.moreRate ?? 0.1;
  const faults = new FaultPlan(options.faults ? [...options.faults] : []);
  const exchanges: SchemaMockExchange[] = [];
  const resetEpoch = Math.ceil(Date.now() / 1000) + HOUR;
  let remaining = 5000;
  let ids = 0;
  const hex = () => Array.from({ length: 40 }, () => "0123456789abcdef"[randomInt(random, 16)]).join("");
  const words = (n: number) => Array.from({ length: n }, () => WORDS[randomInt(random, WORDS.length)]).join(" ");
  const date = () => new Date(Date.UTC(2024, 0, 1) + randomInt(random, 600) * 86_400_000 + randomInt(random, 86_400_000)).toISOString();

  const prById = new Map<string, FakePullRequest>();
  for (const repo of options.world.repositories) for (const pr of repo.pullRequests) prById.set(pr.id, pr);
  const repoOf = (owner: unknown, name: unknown) =>
    options.world.repositories.find((r) => r.owner === owner && r.name === name && !r.deleted);

  const scalar = (name: string): unknown => {
    switch (name) {
      case "String":
        return words(1 + randomInt(random, 12));
      case "Int":
        return randomInt(random, 300);
      case "Float":
        return random() * 100;
      case "Boolean":
        return random() < 0.5;
      case "ID":
        return `MOCK_${++ids}`;
      case "DateTime":
      case "GitTimestamp":
      case "PreciseDateTime":
        return date();
      case "Date":
        return date().slice(0, 10);
      case "GitObjectID":
        return hex();
      case "BigInt":
        return String(1_000_000_000 + randomInt(random, 2_000_000_000));
      case "URI":
        return `https://github.com/mock/${++ids}`;
      case "HTML":
        return `<p>${words(3)}</p>`;
      default:
        return words(1);
    }
  };

  /** A random value of a field's type; objects are `{}` whose fields resolve the same way. */
  const randomValue = (type: GraphQLOutputType, args: Record<string, unknown>, fieldName: string): unknown => {
    if (!isNonNullType(type) && random() < nullRate) return null;
    const inner = isNonNullType(type) ? type.ofType : type;
    if (isListType(inner)) {
      const first = typeof args.first === "number" ? args.first : 3;
      return Array.from({ length: randomInt(random, Math.min(first, 6) + 1) }, () => randomValue(inner.ofType, {}, fieldName));
    }
    if (isScalarType(inner)) return scalar(inner.name);
    if (isEnumType(inner)) {
      const values = inner.getValues();
      return values[randomInt(random, values.length)].value;
    }
    // a connection: a page of up to `first` nodes, "more" at random with a cursor
    if (isObjectType(inner) && inner.name.endsWith("Connection") && typeof args.first === "number") {
      const count = randomInt(random, Math.min(args.first, 8) + 1);
      const more = random() < moreRate;
      return {
        totalCount: count + (more ? 1 + randomInt(random, 40) : 0),
        pageInfo: {
          hasNextPage: more,
          endCursor: more ? `cursor:${++ids}` : random() < 0.5 ? null : `cursor:${++ids}`,
          hasPreviousPage: false,
          startCursor: null,
        },
        nodesCount: count,
      };
    }
    return {};
  };

  const fieldResolver: GraphQLFieldResolver<Record<string, unknown> | null, unknown, Record<string, unknown>> = (
    source,
    args,
    _ctx,
    info,
  ) => {
    const own = source?.[info.fieldName];
    const given = typeof own === "function" ? own(args, info) : own;
    if (given !== undefined) return given;
    const parent = info.parentType.name;
    if (parent === "Query" && info.fieldName === "repository") {
      const repo = repoOf(args.owner, args.name);
      return repo ? repositoryValue(repo) : null;
    }
    if (parent === "Query" && info.fieldName === "rateLimit")
      return { cost: 1, limit: 5000, remaining, used: 5000 - remaining, resetAt: new Date(resetEpoch * 1000).toISOString(), nodeCount: 0 };
    if (parent === "Query" && info.fieldName === "node") {
      const id = String(args.id);
      const pr = prById.get(id);
      if (pr) return { __typename: "PullRequest", id, number: pr.number };
      return id.startsWith("MOCK_") ? { __typename: "PullRequestReviewThread", id } : null;
    }
    if (parent === "Query" && info.fieldName === "search") return { issueCount: randomInt(random, 500) };
    // a connection's nodes: as many as its page said
    if (info.fieldName === "nodes" && typeof source?.nodesCount === "number") {
      const list = info.returnType;
      const item = isNonNullType(list) ? list.ofType : list;
      const of = isListType(item) ? item.ofType : item;
      return Array.from({ length: source.nodesCount as number }, () => randomValue(of, {}, "nodes"));
    }
    return randomValue(info.returnType, args, info.fieldName);
  };

  const typeResolver: GraphQLTypeResolver<unknown, unknown> = (value, _ctx, _info, abstractType: GraphQLAbstractType) => {
    const named = (value as { __typename?: unknown } | null)?.__typename;
    if (typeof named === "string") return named;
    const possible = schema.getPossibleTypes(abstractType);
    return possible[randomInt(random, possible.length)].name;
  };

  function repositoryValue(repo: FakeRepository) {
    return {
      __typename: "Repository",
      id: repo.nodeId,
      databaseId: repo.databaseId,
      nameWithOwner: fullNameOf(repo),
      stargazerCount: repo.stars,
      primaryLanguage: { name: repo.language },
      pullRequests: (args: { first: number; after?: string | null }) => {
        const all = [...repo.pullRequests].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
        const start = args.after ? Number(args.after.replace("pr:", "")) : 0;
        const page = all.slice(start, start + args.first);
        const end = start + page.length;
        return {
          totalCount: all.length,
          pageInfo: {
            hasNextPage: end < all.length,
            endCursor: page.length ? `pr:${end}` : null,
            hasPreviousPage: start > 0,
            startCursor: null,
          },
          // the skeleton a harvest needs to find the PR's commits; the rest is the schema's random
          nodes: page.map(pullRequestSkeleton),
        };
      },
      pullRequest: (args: { number: number }) => {
        const pr = repo.pullRequests.find((p) => p.number === args.number);
        return pr ? pullRequestSkeleton(pr) : null;
      },
    };
  }

  /** The skeleton a harvest needs to find the PR's commits; the rest is the schema's random. */
  function pullRequestSkeleton(pr: FakePullRequest) {
    const failing = (info: { operation: { name?: { value: string } } }) =>
      options.failingPullRequests?.numbers.has(pr.number) === true &&
      options.failingPullRequests.operations.has(info.operation.name?.value ?? "");
    return {
      __typename: "PullRequest",
      id: pr.id,
      fullDatabaseId: String(pr.databaseId),
      databaseId: pr.databaseId,
      number: (_args: unknown, info: { operation: { name?: { value: string } }; path: { prev?: unknown } }) => {
        // a query asking for numbers only fails on the number itself
        if (failing(info) && info.operation.name?.value === "HarvestPullRequestNumbers") throw new Error(GITHUB_TIMEOUT);
        return pr.number;
      },
      reviewThreads: (_args: unknown, info: { operation: { name?: { value: string } } }) => {
        if (failing(info)) throw new Error(GITHUB_TIMEOUT);
        return undefined;
      },
      createdAt: pr.createdAt,
      updatedAt: pr.updatedAt,
      baseRefOid: pr.baseRefOid,
      headRefOid: pr.headRefOid,
    };
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const body = req.method === "POST" ? await readBody(req) : "";
    const ex: SchemaMockExchange = { seq: exchanges.length + 1, status: 0 };
    exchanges.push(ex);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}, raw?: string) => {
      ex.status = status;
      res.writeHead(status, {
        "content-type": "application/json; charset=utf-8",
        "x-ratelimit-limit": "5000",
        "x-ratelimit-remaining": String(remaining),
        "x-ratelimit-reset": String(resetEpoch),
        "x-ratelimit-resource": url.pathname === "/graphql" ? "graphql" : "core",
        ...headers,
      });
      res.end(raw ?? JSON.stringify(payload));
    };
    const token = (req.headers.authorization ?? "").replace(/^(token|bearer)\s+/i, "");
    if (options.token && token !== options.token) return send(401, { message: "Bad credentials", status: "401" });

    if (url.pathname === "/graphql" && req.method === "POST") {
      let payload: { query?: string; variables?: Record<string, unknown>; operationName?: string };
      try {
        payload = JSON.parse(body);
      } catch {
        return send(400, { message: "Problems parsing JSON" });
      }
      let doc: ReturnType<typeof parse>;
      try {
        doc = parse(payload.query ?? "");
      } catch (e) {
        return send(200, { errors: [{ message: (e as Error).message }] });
      }
      const operation = doc.definitions.find((d) => d.kind === "OperationDefinition");
      ex.operationName = payload.operationName ?? (operation && "name" in operation ? operation.name?.value : undefined);
      ex.variables = payload.variables ?? {};
      const fault = faults.next("graphql", { operation: ex.operationName, variables: ex.variables });
      if (fault) {
        const f = faultResponse(fault, resetEpoch);
        ex.fault = f.name;
        return send(f.status, f.body, f.headers, f.raw);
      }
      const invalid = validate(schema, doc);
      if (invalid.length) {
        ex.invalidQuery = invalid.map((e) => e.message);
        return send(200, { errors: invalid.map(formatError) });
      }
      remaining = Math.max(0, remaining - graphqlQueryCost(doc, ex.variables));
      const result = await execute({ schema, document: doc, variableValues: ex.variables, fieldResolver, typeResolver, rootValue: {} });
      return send(200, { ...(result.errors?.length ? { errors: result.errors.map(formatError) } : {}), data: result.data ?? null });
    }

    const m = /^\/repos\/([^/]+)\/([^/]+)(\/pulls)?$/.exec(url.pathname);
    const repo = m ? repoOf(m[1], m[2]) : undefined;
    if (req.method === "GET" && repo && !m?.[3])
      return send(200, {
        id: repo.databaseId,
        node_id: repo.nodeId,
        name: repo.name,
        full_name: fullNameOf(repo),
        stargazers_count: repo.stars,
        language: repo.language,
        default_branch: "main",
      });
    if (req.method === "GET" && repo && m?.[3])
      return send(
        200,
        [...repo.pullRequests]
          .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
          .slice(0, Number(url.searchParams.get("per_page") ?? 30))
          .map((pr) => ({ number: pr.number, updated_at: pr.updatedAt, state: "closed" })),
      );
    return send(404, { message: "Not Found", status: "404" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    faults,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
