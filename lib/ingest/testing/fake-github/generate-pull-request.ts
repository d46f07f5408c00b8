// One pull request with its whole review timeline, consistent with the repository's files:
// threads sit on paths the PR changes and carry the diff hunk of that change.
import { diffHunkTarget } from "@/lib/patch/anchor-comment";
import { randomInt, type Random } from "@/lib/random/seeded";
import { addedFilePath, applyChange, isModule, mainTreeAt, type FileTree } from "./repository-content";
import { BODY_SENTENCES, COMMENT_BODIES, COMMIT_MESSAGES, TITLE_OBJECTS, TITLE_VERBS } from "./world-vocabulary";
import type { FakeAccount, FakeCommit, FakeFileChange, FakePullRequest, FakeRepository, FakeReviewThread, FakeWorld } from "./world-types";

export type PullRequestShape = "ordinary" | "silent" | "huge" | "heavy" | "malformed-created-at" | "malformed-comment" | "malformed-commit";

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const pick = <T>(random: Random, xs: readonly T[]) => xs[randomInt(random, xs.length)];

// Comment ids on GitHub passed 2^31 (GraphQL `databaseId` is a 32-bit Int, hence `fullDatabaseId`).
const REVIEW_COMMENT_ID_BASE = 2_147_480_000;

function humans(world: FakeWorld) {
  return world.accounts.filter((a) => a.type === "User");
}

function someone(world: FakeWorld, random: Random, notLogin?: string): FakeAccount | null {
  const r = random();
  if (r < 0.03) return null; // deleted account: GitHub returns author null
  if (r < 0.1)
    return pick(
      random,
      world.accounts.filter((a) => a.type === "Bot"),
    );
  if (r < 0.11) return world.accounts.find((a) => a.type === "Mannequin")!;
  const pool = humans(world).filter((a) => a.login !== notLogin);
  return pick(random, pool);
}

function planChanges(repo: FakeRepository, tree: FileTree, number: number, commits: number, random: Random) {
  const changes: FakeFileChange[][] = [];
  const hunks = new Map<string, string>();
  /** per path, the commits that change it */
  const changedIn = new Map<string, number[]>();
  let deleted = false;
  for (let c = 0; c < commits; c++) {
    const step: FakeFileChange[] = [];
    for (let k = 0, n = 1 + randomInt(random, 2); k < n; k++) {
      const r = random();
      const modules = [...tree.keys()].filter(isModule);
      // the git builder replays changes with the same salt, so both produce identical files
      const salt = c * 10 + step.length;
      let change: FakeFileChange;
      if (r < 0.1) change = { path: addedFilePath(repo, number, salt), kind: "add", line: 1 };
      else if (r < 0.13 && !deleted && modules.length > 3 && c === commits - 1) {
        change = { path: modules[modules.length - 1], kind: "delete", line: 1 };
        deleted = true;
      } else if (r < 0.18) change = { path: "VERSION", kind: "append-no-newline", line: 1 };
      else change = { path: pick(random, modules), kind: "edit", line: 2 + 2 * randomInt(random, 18) };
      if (step.some((s) => s.path === change.path)) continue;
      const applied = applyChange(tree, change, number, salt);
      tree = applied.tree;
      if (!hunks.has(change.path)) hunks.set(change.path, applied.diffHunk);
      changedIn.set(change.path, [...(changedIn.get(change.path) ?? []), c]);
      step.push(change);
    }
    changes.push(step);
  }
  // a path deleted in a later commit has no line to comment on
  for (const step of changes) for (const ch of step) if (ch.kind === "delete") hunks.delete(ch.path);
  return { changes, hunks, changedIn };
}

/**
 * GitHub's position data for a comment on `path`'s hunk: the hunk is the file's first change, so the
 * comment's original commit is that change's commit or a later one that leaves the file alone (the
 * drawn commit when it qualifies), its original line is the hunk's last line, and its current line is
 * that line, or null once a later commit changed the file (outdated).
 */
function positionOf(hunk: string, changes: number[], drawnCommit: number, drawnLine: number | null) {
  const first = changes[0] ?? 0;
  const next = changes.find((c) => c > first);
  const commitIndex = drawnCommit >= first && (next === undefined || drawnCommit < next) ? drawnCommit : first;
  const originalLine = diffHunkTarget(hunk)?.lineNo ?? null;
  return { commitIndex, originalLine, line: next === undefined && drawnLine !== null ? originalLine : null };
}

interface Options {
  number: number;
  createdAtMs: number;
  shape: PullRequestShape;
  random: Random;
}

export function generatePullRequest(
  world: FakeWorld,
  repo: FakeRepository,
  { number, createdAtMs, shape, random }: Options,
): FakePullRequest {
  const dates = repo.mainCommitDates.map(Date.parse);
  let baseIndex = 0;
  while (baseIndex + 1 < dates.length && dates[baseIndex + 1] <= createdAtMs) baseIndex++;
  const bot = random() < 0.06;
  const author = bot ? world.accounts.find((a) => a.login === "dependabot")! : random() < 0.03 ? null : pick(random, humans(world));
  const commitCount = shape === "huge" ? 120 : shape === "silent" ? 1 : 1 + randomInt(random, random() < 0.15 ? 6 : 3);
  const { changes, hunks, changedIn } = planChanges(repo, mainTreeAt(repo, baseIndex), number, commitCount, random);
  let clock = createdAtMs;
  const tick = (maxMinutes: number) => (clock += MINUTE * (1 + randomInt(random, maxMinutes)));

  const commits: FakeCommit[] = changes.map((_, c) => ({
    oid: "",
    message: c === 0 ? `${pick(random, TITLE_VERBS)} ${pick(random, TITLE_OBJECTS)}` : pick(random, COMMIT_MESSAGES),
    authorName: author ? `${author.login} (dev)` : "Former Contributor",
    authorEmail: author ? `${author.login}@users.noreply.github.com` : "former@example.org",
    authorUser: author && random() > 0.1 ? author : null,
    committedDate: iso(createdAtMs - (commitCount - c) * 5 * MINUTE),
  }));

  const comments: FakePullRequest["comments"] = [];
  const commentCount =
    shape === "huge"
      ? 260
      : shape === "heavy"
        ? 20 + randomInt(random, 400)
        : shape === "silent"
          ? 0
          : random() < 0.35
            ? 0
            : 1 + randomInt(random, 6);
  for (let i = 0; i < commentCount; i++)
    comments.push({
      databaseId: world.nextDatabaseId++ + 1_500_000_000,
      author: someone(world, random),
      body: pick(random, COMMENT_BODIES),
      createdAt: iso(tick(90)),
    });

  const reviews: FakePullRequest["reviews"] = [];
  const threads: FakeReviewThread[] = [];
  const threadCount =
    shape === "huge" ? 46 : shape === "heavy" ? 10 + randomInt(random, 300) : shape === "silent" ? 0 : randomInt(random, 4);
  const paths = [...hunks.keys()];
  for (let t = 0; t < threadCount && paths.length; t++) {
    const reviewer = someone(world, random, author?.login) ?? humans(world)[0];
    const review = {
      databaseId: world.nextDatabaseId++ + 900_000_000,
      author: reviewer,
      body: "",
      state: "COMMENTED" as const,
      submittedAt: iso(tick(240)),
    };
    reviews.push(review);
    const path = paths[t % paths.length];
    const replies =
      shape === "huge" && t === 0
        ? 13
        : shape === "huge"
          ? 1
          : shape === "heavy"
            ? randomInt(random, random() < 0.1 ? 40 : 4)
            : randomInt(random, 3);
    const thread: FakeReviewThread = { id: `PRRT_kwDO${number}_${t}_${world.nextDatabaseId++}`, path, comments: [] };
    for (let k = 0; k <= replies; k++) {
      const id = REVIEW_COMMENT_ID_BASE + world.nextDatabaseId++;
      const by = k % 2 === 0 ? reviewer : author;
      const drawnCommit = Math.min(commits.length - 1, randomInt(random, commits.length));
      const body = pick(random, COMMENT_BODIES);
      const createdAt = iso(k === 0 ? Date.parse(review.submittedAt) : tick(120));
      const diffHunk = hunks.get(path)!;
      const drawnLine = random() < 0.2 ? null : 5 + randomInt(random, 30);
      randomInt(random, 30); // the original line used to be drawn; kept so the rest of the world stays the same
      const position = positionOf(diffHunk, changedIn.get(path) ?? [], drawnCommit, drawnLine);
      thread.comments.push({
        databaseId: id,
        author: by,
        body,
        createdAt,
        diffHunk,
        line: position.line,
        originalLine: position.originalLine,
        commitIndex: position.commitIndex,
        replyTo: k === 0 ? null : thread.comments[0].databaseId,
        reviewId: review.databaseId,
      });
    }
    threads.push(thread);
  }
  const finalReviews = shape === "huge" ? 9 : shape === "heavy" ? 5 + randomInt(random, 60) : shape === "silent" ? 0 : randomInt(random, 3);
  for (let i = 0; i < finalReviews; i++) {
    const r = random();
    reviews.push({
      databaseId: world.nextDatabaseId++ + 900_000_000,
      author: someone(world, random, author?.login),
      body: r < 0.5 ? "" : pick(random, COMMENT_BODIES),
      state: r < 0.5 ? "APPROVED" : r < 0.75 ? "CHANGES_REQUESTED" : r < 0.95 ? "COMMENTED" : "DISMISSED",
      submittedAt: iso(tick(300)),
    });
  }
  if (shape === "malformed-comment" && comments.length === 0)
    comments.push({ databaseId: null, author: null, body: "orphaned", createdAt: iso(tick(10)) });
  else if (shape === "malformed-comment") comments[0].databaseId = null;

  const earlier = repo.issues.filter((i) => i.number < number);
  const closingIssues =
    earlier.length && random() < 0.4 ? [earlier[earlier.length - 1 - randomInt(random, Math.min(3, earlier.length))].number] : [];
  const r = random();
  const state = r < 0.6 ? "MERGED" : r < 0.75 ? "CLOSED" : "OPEN";
  const updatedAt = iso(tick(60));
  const databaseId = world.nextDatabaseId++ + 600_000_000;
  const title = bot
    ? `Bump ${pick(random, ["numpy", "pytest", "sphinx", "black"])} from 1.${number % 9}.0 to 1.${(number % 9) + 1}.0`
    : `${pick(random, TITLE_VERBS)} ${pick(random, TITLE_OBJECTS)}`;
  return {
    id: `PR_kwDO${databaseId.toString(36)}`,
    databaseId,
    number,
    title,
    body:
      shape === "silent"
        ? ""
        : [0, 1, 2].map(() => pick(random, BODY_SENTENCES)).join(" ") + (closingIssues.length ? `\n\nCloses #${closingIssues[0]}` : ""),
    author,
    createdAt: shape === "malformed-created-at" ? "not-a-date" : iso(createdAtMs),
    updatedAt,
    state,
    mergedAt: state === "MERGED" ? updatedAt : null,
    baseIndex,
    baseRefOid: "",
    headRefOid: "",
    changes,
    commits,
    comments,
    reviews,
    threads,
    closingIssues,
    malformedCommitOid: shape === "malformed-commit",
  };
}
