import type { PrismaClient } from "@/lib/db/generated/client";
import { createInstances } from "../create-instances";

// A small, named world for screening tests: two PRs (one with a thin description) and comments
// that each rule should drop or keep, written as GitHub would store them.

const LONG_DESCRIPTION =
  '`read_csv` with `encoding_errors="replace"` still raises `UnicodeDecodeError` when the C parser reads the ' +
  "header, because the option is only forwarded to the Python engine. This PR passes it through `_open_handles` " +
  "for both engines, adds tests for a latin-1 header and a broken byte in the body, and notes the fix in the " +
  "whatsnew for 3.0. No behaviour changes for files that decode cleanly.";

export const FIXTURE_COMMENTS = {
  nullCheck: "`handles.handle` can be `None` when `memory_map=True` and the file is empty, so `.read()` raises AttributeError here.",
  missingTest: "Please add a test where the broken byte is in the header row itself; the new test only covers the body.",
  thanks: "Thanks a lot, done!",
  lgtm: "LGTM, nice work!",
  nit: "nit",
  codecov: "## Codecov Report\nAll modified and coverable lines are covered by tests :white_check_mark:",
  customBot: "Reminder: this PR has had no activity for 30 days.",
  formatting: "Please remove the trailing whitespace on this line and the blank line below it.",
  onThinPr: "This default changes the behaviour for callers passing `sep=None`; is that intended?",
} as const;

export type ScreeningFixture = {
  fullPrId: string;
  thinPrId: string;
  instanceIdByComment: Record<keyof typeof FIXTURE_COMMENTS, string>;
};

export async function seedScreeningFixture(prisma: PrismaClient): Promise<ScreeningFixture> {
  const repo = await prisma.repository.create({
    data: {
      owner: "tabular-labs",
      name: "frameworks",
      fullName: "tabular-labs/frameworks",
      language: "Python",
      selectionStatus: "selected",
    },
  });
  const at = (minute: number) => new Date(Date.UTC(2025, 2, 11, 9, minute));
  const pr = (number: number, body: string) => ({
    repositoryId: repo.id,
    number,
    title: `PR ${number}`,
    body,
    authorLogin: "mrivera",
    authorType: "User",
    createdAt: at(0),
    updatedAt: at(59),
    baseSha: "a".repeat(40),
    headSha: "b".repeat(40),
    patch: "diff --git a/io/parsers.py b/io/parsers.py\n@@ -1 +1 @@\n-a\n+b\n",
  });
  const full = await prisma.pullRequest.create({ data: pr(58301, LONG_DESCRIPTION) });
  const thin = await prisma.pullRequest.create({ data: pr(58302, "Fixes #58010") });
  const entries: { pr: string; key: keyof typeof FIXTURE_COMMENTS; login: string; type: string; kind: "inline" | "pr_comment" }[] = [
    { pr: full.id, key: "nullCheck", login: "jbrockmendel", type: "User", kind: "inline" },
    { pr: full.id, key: "missingTest", login: "rhshadrach", type: "User", kind: "inline" },
    { pr: full.id, key: "thanks", login: "rhshadrach", type: "User", kind: "inline" },
    { pr: full.id, key: "lgtm", login: "mroeschke", type: "User", kind: "pr_comment" },
    { pr: full.id, key: "nit", login: "jbrockmendel", type: "User", kind: "inline" },
    { pr: full.id, key: "codecov", login: "codecov[bot]", type: "Bot", kind: "pr_comment" },
    { pr: full.id, key: "customBot", login: "stale-reminder-bot", type: "User", kind: "pr_comment" },
    { pr: full.id, key: "formatting", login: "phofl", type: "User", kind: "inline" },
    { pr: thin.id, key: "onThinPr", login: "jbrockmendel", type: "User", kind: "inline" },
  ];
  let minute = 1;
  for (const e of entries) {
    await prisma.timelineEntry.create({
      data: {
        pullRequestId: e.pr,
        kind: e.kind,
        githubId: BigInt(1990000000 + minute),
        authorLogin: e.login,
        authorType: e.type,
        createdAt: at(minute++),
        body: FIXTURE_COMMENTS[e.key],
        path: e.kind === "inline" ? "io/parsers.py" : null,
        diffHunk: e.kind === "inline" ? "@@ -1 +1 @@\n-a\n+b" : null,
      },
    });
  }
  // The PR author's own reply never becomes an instance.
  await prisma.timelineEntry.create({
    data: {
      pullRequestId: full.id,
      kind: "inline_reply",
      githubId: 1990009999n,
      authorLogin: "mrivera",
      authorType: "User",
      createdAt: at(30),
      body: "Good point, fixed in the next commit.",
    },
  });
  await createInstances(prisma, [full.id, thin.id]);
  const instances = await prisma.instance.findMany({ include: { targetEntry: true } });
  const instanceIdByComment = {} as Record<keyof typeof FIXTURE_COMMENTS, string>;
  for (const key of Object.keys(FIXTURE_COMMENTS) as (keyof typeof FIXTURE_COMMENTS)[]) {
    const found = instances.find((i) => i.targetEntry.body === FIXTURE_COMMENTS[key]);
    if (!found) throw new Error(`fixture comment ${key} did not become an instance`);
    instanceIdByComment[key] = found.id;
  }
  return { fullPrId: full.id, thinPrId: thin.id, instanceIdByComment };
}
