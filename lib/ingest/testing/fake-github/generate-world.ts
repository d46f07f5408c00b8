// A seeded, realistic world: a stars ranking of one language with materialised repositories (PRs with
// full review timelines, bots, deleted users, PRs with no comments and with hundreds), a dormant one,
// a deleted one, a malformed search item and small filler repositories that selection rejects.
import { randomInt, seededRandom, type Random } from "@/lib/random/seeded";
import { generatePullRequest, type PullRequestShape } from "./generate-pull-request";
import { BODY_SENTENCES, TITLE_OBJECTS, makeAccounts } from "./world-vocabulary";
import type { FakeRepository, FakeWorld } from "./world-types";

export interface MaterialisedRepositorySpec {
  owner: string;
  name: string;
  pullRequests: number;
  /** 1-based place in the stars ranking */
  rank: number;
  /** one PR with 260 comments, 45 review threads (one with 14 replies), 9 reviews and 120 commits */
  hugeDiscussion?: boolean;
  /** a heavy tail: one PR in 20 with 10–310 review threads (some with 40 replies), 20–420 comments and 5–65 reviews */
  heavyTail?: boolean;
  /** a PR with an invalid createdAt, a comment without id, a commit with a bad oid */
  malformedItems?: boolean;
}

export interface WorldSpec {
  seed: number;
  language?: string;
  now?: string;
  repositories: MaterialisedRepositorySpec[];
  fillerRepositories?: number;
  /** PR counts of filler repositories, inclusive */
  fillerPrCount?: [number, number];
  dormantRepository?: boolean;
  deletedRepository?: boolean;
  malformedSearchItem?: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const DAY = 86_400_000;

function spread(random: Random, from: number, to: number, count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(from + ((to - from) * (i + random() * 0.8)) / count);
  return out;
}

function baseRepository(world: FakeWorld, owner: string, name: string, language: string, random: Random): FakeRepository {
  const id = world.nextDatabaseId++;
  return {
    databaseId: id,
    nodeId: `R_kgDO${id.toString(36).toUpperCase()}`,
    owner,
    name,
    language,
    stars: 0,
    createdAt: iso(Date.parse("2016-01-01T00:00:00Z") + randomInt(random, 1500) * DAY),
    pushedAt: world.now,
    description: `${name}: ${TITLE_OBJECTS[randomInt(random, TITLE_OBJECTS.length)]} and more`,
    deleted: false,
    declaredPrCount: 0,
    declaredPrsInWindow: 0,
    mainCommitDates: [],
    mainCommitOids: [],
    pullRequests: [],
    issues: [],
    malformedSearchItem: false,
    gitDir: null,
  };
}

function materialise(world: FakeWorld, spec: MaterialisedRepositorySpec, language: string, random: Random): FakeRepository {
  const repo = baseRepository(world, spec.owner, spec.name, language, random);
  const start = Date.parse("2023-01-01T00:00:00Z");
  const end = Date.parse(world.now) - 20 * DAY;
  const mainCount = Math.max(8, Math.ceil(spec.pullRequests / 3) + 6);
  repo.mainCommitDates = [iso(Date.parse("2021-06-01T00:00:00Z")), ...spread(random, start - 30 * DAY, end, mainCount - 1).map(iso)];
  const created = spread(random, start, end, spec.pullRequests);
  const huge = spec.hugeDiscussion ? Math.floor(spec.pullRequests / 2) : -1;
  let number = 1;
  created.forEach((at, i) => {
    if (random() < 0.3) {
      repo.issues.push({
        number,
        title: `${TITLE_OBJECTS[randomInt(random, TITLE_OBJECTS.length)]} is broken`,
        body: `${BODY_SENTENCES[randomInt(random, BODY_SENTENCES.length)]}\n\nSteps to reproduce are in the attached notebook.`,
        createdAt: iso(at - 3 * DAY),
      });
      number++;
    }
    let shape: PullRequestShape = "ordinary";
    if (i === huge) shape = "huge";
    else if (spec.malformedItems && i === 3) shape = "malformed-created-at";
    else if (spec.malformedItems && i === 5) shape = "malformed-comment";
    else if (spec.malformedItems && i === 7) shape = "malformed-commit";
    else if (i % 9 === 4) shape = "silent";
    else if (spec.heavyTail && i % 20 === 7) shape = "heavy";
    repo.pullRequests.push(generatePullRequest(world, repo, { number, createdAtMs: at, shape, random }));
    number++;
  });
  return repo;
}

export function generateWorld(spec: WorldSpec): FakeWorld {
  const random = seededRandom(spec.seed);
  const language = spec.language ?? "Python";
  const world: FakeWorld = {
    seed: spec.seed,
    now: spec.now ?? "2025-09-01T00:00:00Z",
    accounts: makeAccounts(1_000_000),
    repositories: [],
    nextDatabaseId: 10_000_000,
  };
  const byRank = new Map<number, FakeRepository>();
  for (const r of spec.repositories) byRank.set(r.rank, materialise(world, r, language, random));
  const specials: FakeRepository[] = [];
  if (spec.dormantRepository) {
    const r = baseRepository(world, "oldies", "dormant-toolkit", language, random);
    r.declaredPrCount = 4_210;
    r.mainCommitDates = spread(random, Date.parse("2019-01-01T00:00:00Z"), Date.parse("2024-03-01T00:00:00Z"), 12).map(iso);
    r.pushedAt = r.mainCommitDates.at(-1)!;
    specials.push(r);
  }
  if (spec.deletedRepository) {
    const r = baseRepository(world, "vanished", "was-popular", language, random);
    r.deleted = true;
    r.declaredPrCount = 8_800;
    specials.push(r);
  }
  if (spec.malformedSearchItem) {
    const r = baseRepository(world, "broken", "search-item", language, random);
    r.malformedSearchItem = true;
    r.declaredPrCount = 3_000;
    specials.push(r);
  }
  const [lo, hi] = spec.fillerPrCount ?? [0, 15];
  for (let i = 0; i < (spec.fillerRepositories ?? 0); i++) {
    const r = baseRepository(world, `small-org-${i % 17}`, `tool-${i}`, language, random);
    r.declaredPrCount = lo + randomInt(random, hi - lo + 1);
    r.declaredPrsInWindow = randomInt(random, 3);
    r.mainCommitDates = spread(random, Date.parse("2022-01-01T00:00:00Z"), Date.parse("2025-07-01T00:00:00Z"), 6).map(iso);
    specials.push(r);
  }
  const total = byRank.size + specials.length;
  for (let rank = 1; rank <= total; rank++) {
    const repo = byRank.get(rank) ?? specials.shift()!;
    // strictly decreasing stars keep the ranking unambiguous
    repo.stars = 250_000 - rank * 1_000 - randomInt(random, 900);
    world.repositories.push(repo);
  }
  return world;
}
