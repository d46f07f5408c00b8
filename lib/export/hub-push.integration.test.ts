import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { isHubPushError, pushFilesToHub } from "./hub-push";
import { startFakeHubServer, type FakeHubServer } from "./testing/fake-hub-server";
import { rowsToParquet } from "./write-parquet";

const WRITE_TOKEN = "hf_writeTokenForTests0000000000000";
const READ_TOKEN = "hf_readOnlyTokenForTests00000000000";
const enc = (s: string) => new TextEncoder().encode(s);

describe("pushing a release to the Hub (fake server on 127.0.0.1)", () => {
  // a fresh fake Hub per test: no test sees another's commits or requests
  let hub: FakeHubServer;
  beforeEach(async () => {
    hub = await startFakeHubServer({
      tokens: { [WRITE_TOKEN]: { user: "release-bot" }, [READ_TOKEN]: { user: "reader", write: false } },
      repos: ["review-lab/trust-bench"],
    });
  });
  afterEach(async () => hub?.close());

  const files = () => [
    { path: "README.md", data: enc("---\nconfigs:\n- config_name: default\n---\n# Bench\n") },
    { path: "data/train.jsonl", data: enc('{"instance_id":"a__b-1@1234567"}\n') },
    { path: "data/train.parquet", data: rowsToParquet([]) },
    { path: "manifest.json", data: enc('{"content_hash":"x"}\n') },
  ];

  test("a push is one commit holding every file byte for byte, the binary one through LFS", async () => {
    const result = await pushFilesToHub({ repoId: "review-lab/trust-bench", token: WRITE_TOKEN, endpoint: hub.url }, files(), {
      title: "Release abc",
    });
    const repo = hub.repo("review-lab/trust-bench")!;
    expect(repo.commits).toHaveLength(1);
    expect(result).toMatchObject({
      repoId: "review-lab/trust-bench",
      commitOid: repo.commits[0].oid,
      pushedBy: "release-bot",
      createdRepo: false,
    });
    expect(repo.commits[0].title).toBe("Release abc");
    for (const f of files()) expect(Buffer.from(repo.files.get(f.path)!).equals(Buffer.from(f.data))).toBe(true);
    expect(repo.commits[0].modes.get("data/train.parquet")).toBe("lfs");
    expect(repo.commits[0].modes.get("README.md")).toBe("regular");
    expect(hub.requests.filter((r) => r.path.endsWith("/commit/main"))).toHaveLength(1);
  });

  test("a token the Hub rejects is a bad-token error naming HF_TOKEN, and nothing is committed", async () => {
    const before = hub.repo("review-lab/trust-bench")!.commits.length;
    const error = await pushFilesToHub(
      { repoId: "review-lab/trust-bench", token: "hf_revoked000000000000000000000", endpoint: hub.url },
      files(),
      { title: "x" },
    ).catch((e) => e);
    expect(isHubPushError(error)).toBe(true);
    expect(error).toMatchObject({ details: { hub: "bad-token" } });
    expect(error.message).toMatch(/HF_TOKEN was rejected by http:\/\/127\.0\.0\.1:\d+/);
    expect(hub.repo("review-lab/trust-bench")!.commits.length).toBe(before);
  });

  test("a token without the hf_ prefix is refused before any request", async () => {
    const count = hub.requests.length;
    await expect(
      pushFilesToHub({ repoId: "review-lab/trust-bench", token: "ghp_github_token", endpoint: hub.url }, files(), { title: "x" }),
    ).rejects.toMatchObject({ details: { hub: "bad-token" }, message: expect.stringContaining("start with hf_") });
    expect(hub.requests.length).toBe(count);
  });

  test("a missing repository is a missing-repo error naming it; with createIfMissing it is created and pushed", async () => {
    await expect(
      pushFilesToHub({ repoId: "review-lab/not-there", token: WRITE_TOKEN, endpoint: hub.url }, files(), { title: "x" }),
    ).rejects.toMatchObject({
      details: { hub: "missing-repo" },
      status: 404,
      message: expect.stringContaining("review-lab/not-there does not exist"),
    });
    expect(hub.repo("review-lab/not-there")).toBeUndefined();
    const created = await pushFilesToHub({ repoId: "review-lab/not-there", token: WRITE_TOKEN, endpoint: hub.url }, files(), {
      title: "first",
      createIfMissing: true,
    });
    expect(created.createdRepo).toBe(true);
    expect(hub.repo("review-lab/not-there")!.commits).toHaveLength(1);
  });

  test("a read-only token gets a no-access error that says to use a write token", async () => {
    await expect(
      pushFilesToHub({ repoId: "review-lab/trust-bench", token: READ_TOKEN, endpoint: hub.url }, files(), { title: "x" }),
    ).rejects.toMatchObject({ details: { hub: "no-access" }, status: 502, message: expect.stringContaining("write") });
  });

  test("missing configuration says which variable to set", async () => {
    await expect(
      pushFilesToHub({ repoId: undefined, token: WRITE_TOKEN, endpoint: hub.url }, files(), { title: "x" }),
    ).rejects.toMatchObject({ details: { hub: "not-configured" }, message: expect.stringContaining("HF_REPO_ID") });
    await expect(pushFilesToHub({ repoId: "a/b", token: undefined, endpoint: hub.url }, files(), { title: "x" })).rejects.toMatchObject({
      details: { hub: "not-configured" },
      message: expect.stringContaining("HF_TOKEN"),
    });
  });
});

const smallRelease = () => [
  { path: "README.md", data: enc("---\nconfigs:\n- config_name: default\n---\n# Bench\n") },
  { path: "data/train.jsonl", data: enc('{"instance_id":"a__b-1@1234567"}\n') },
];

describe("the transfer path a real push takes (Git LFS, multipart for large files), .gitattributes and parentCommit", () => {
  const tokens = { [WRITE_TOKEN]: { user: "release-bot" } };
  const target = (hub: FakeHubServer) => ({ repoId: "review-lab/trust-bench", token: WRITE_TOKEN, endpoint: hub.url });

  test("a 50 MB export goes up in parts with the completion call, byte for byte; the client is not offered Xet", async () => {
    const hub = await startFakeHubServer({ tokens, repos: ["review-lab/trust-bench"] });
    try {
      const line = `${JSON.stringify({ instance_id: "a__b-1@1234567", body: "x".repeat(400) })}\n`;
      const big = Buffer.from(line.repeat(Math.ceil((50 * 1024 * 1024) / line.length)));
      expect(big.length).toBeGreaterThanOrEqual(50 * 1024 * 1024);
      await pushFilesToHub(
        target(hub),
        [
          { path: "train.jsonl", data: big },
          { path: "README.md", data: enc("# Bench\n") },
        ],
        {
          title: "Release big",
        },
      );
      expect(hub.negotiations).toEqual([{ offered: ["basic", "multipart"], chosen: "multipart" }]);
      const parts = hub.requests.filter((r) => r.path.startsWith("/fake-lfs-part/"));
      expect(parts).toHaveLength(Math.ceil(big.length / (10 * 1024 * 1024)));
      expect(parts.every((r) => r.method === "PUT" && r.status === 200)).toBe(true);
      expect(hub.requests.filter((r) => r.path.startsWith("/fake-lfs-complete/")).map((r) => r.status)).toEqual([200]);
      const repo = hub.repo("review-lab/trust-bench");
      expect(repo?.commits[0].modes.get("train.jsonl")).toBe("lfs");
      expect(repo?.files.get("train.jsonl")?.equals(big)).toBe(true);
    } finally {
      await hub.close();
    }
  });

  test("the repository's .gitattributes sends its filter=lfs files through LFS, small text included", async () => {
    const hub = await startFakeHubServer({ tokens, repos: ["review-lab/trust-bench"] });
    try {
      hub.commitOutOfBand("review-lab/trust-bench", { ".gitattributes": "*.jsonl filter=lfs diff=lfs merge=lfs -text\n" });
      await pushFilesToHub(
        target(hub),
        [
          { path: "test.jsonl", data: enc('{"a":1}\n') },
          { path: "README.md", data: enc("# B\n") },
        ],
        {
          title: "Release",
        },
      );
      const modes = hub.repo("review-lab/trust-bench")?.commits.at(-1)?.modes;
      expect(modes?.get("test.jsonl")).toBe("lfs");
      expect(modes?.get("README.md")).toBe("regular");
    } finally {
      await hub.close();
    }
  });

  test("a commit made elsewhere while the push was under way is not overwritten: the push is refused and says so", async () => {
    let edits = 0;
    const hub: FakeHubServer = await startFakeHubServer({
      tokens,
      repos: ["review-lab/trust-bench"],
      beforePreupload: () => {
        if (edits++ === 0) hub.commitOutOfBand("review-lab/trust-bench", { "README.md": "# Edited on the Hub\n" });
      },
    });
    try {
      // a Hub repository starts with a commit (its .gitattributes)
      hub.commitOutOfBand("review-lab/trust-bench", { ".gitattributes": "*.parquet filter=lfs diff=lfs merge=lfs -text\n" });
      await expect(pushFilesToHub(target(hub), smallRelease(), { title: "Release" })).rejects.toMatchObject({
        details: { hub: "hub-error" },
        message: expect.stringMatching(/changed while this push was under way .*412.*nothing was committed/),
      });
      const repo = hub.repo("review-lab/trust-bench");
      expect(repo?.commits.map((c) => c.title)).toEqual(["Edit on the Hub", "Edit on the Hub"]);
      // pushed again, it builds on the new head
      await pushFilesToHub(target(hub), smallRelease(), { title: "Release" });
      expect(repo?.commits.map((c) => c.title)).toEqual(["Edit on the Hub", "Edit on the Hub", "Release"]);
    } finally {
      await hub.close();
    }
  });
});
