// The annotation view of the PR pushed three times (issue #12): each comment is shown in the patch its
// reviewer saw, anchored on the line whose text its hunk ends with; an unavailable snapshot is stated.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SessionUser } from "@/lib/auth/roles";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { placeComment } from "@/lib/patch/anchor-comment";
import { parseReleasedPatch } from "@/lib/patch/released-patch";
import { openMirrorForFetch } from "@/lib/repo/fetch-mirror";
import { buildPrHistoryRepo } from "@/lib/repo/testing/pr-history-repo";
import { computeSnapshots } from "@/lib/snapshot/compute-snapshots";
import { PR_HISTORY_REPOSITORY, seedPrHistory } from "@/lib/screen/testing/seed-pr-history";
import { loadInstanceView } from "./instance-view";

describe.each(TEST_DATABASE_KINDS)("the annotation view of a PR pushed three times, on %s", (kind) => {
  const root = mkdtempSync(path.join(tmpdir(), "snapshot-view-"));
  let db: Database;
  let lead: SessionUser;
  let instanceOf: Map<bigint, string>;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    const repo = await buildPrHistoryRepo(path.join(root, "repo"), { dropP2: true });
    const seeded = await seedPrHistory(db.prisma, repo);
    await db.prisma.pullRequest.update({
      where: { id: seeded.pullRequestId },
      data: { patch: "diff --git a/app.py b/app.py\n@@ -9,1 +9,2 @@\n LIMIT = 10\n+max_files_cached = 8" },
    });
    instanceOf = seeded.instanceByGithubId;
    const mirror = await openMirrorForFetch(path.join(root, "mirrors"), PR_HISTORY_REPOSITORY, repo.gitDir);
    await mirror.fetchPullRequestHeads();
    await computeSnapshots(db.prisma, { mirrorFor: async () => mirror, fetchMissing: true });
    const user = await db.prisma.user.create({ data: { login: "lead", name: "Lead", roles: ["admin"], passwordHash: "x" } });
    lead = { id: user.id, login: user.login, name: user.name, roles: ["admin"] };
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const view = (id: bigint) => loadInstanceView(db.prisma, instanceOf.get(id) ?? "", lead);
  const anchored = async (id: bigint) => {
    const v = await view(id);
    return { v, placement: placeComment(parseReleasedPatch(v.judged.patch), v.comment.position, v.judged.commit) };
  };

  test("a comment on the first push is shown on that push's line, with a note that the final diff differs", async () => {
    const { v, placement } = await anchored(10n);
    expect(v.judged).toMatchObject({ source: "snapshot", differsFromFinal: true, notice: { tone: "info" } });
    expect(placement).toMatchObject({ placed: true, side: "RIGHT", lineNo: 10, text: "max_file_cached = 7" });
    // in the final diff the line reads differently: no silent placement there
    expect(placeComment(parseReleasedPatch(v.pullRequest.patch), v.comment.position, v.pullRequest.headSha)).toMatchObject({
      placed: false,
    });
  });

  test("a reply is placed where its thread root is", async () => {
    const { v, placement } = await anchored(11n);
    expect(v.comment.position.diffHunk).toContain("+max_file_cached = 7");
    expect(placement).toMatchObject({ placed: true, lineNo: 10, text: "max_file_cached = 7" });
  });

  test("a comment whose commit is gone says so, and is not placed on the final diff's different code", async () => {
    const { v, placement } = await anchored(12n);
    expect(v.judged).toMatchObject({
      source: "final",
      notice: { tone: "warning", text: expect.stringContaining("is no longer on GitHub") },
    });
    expect(placement).toMatchObject({ placed: false, hunk: expect.stringContaining("-    return os.path.getsize(path)") });
  });
});
