import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { gitSubcommand, runGitCommand, runGitScript } from "./git-command";

describe("git runner", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "git-command-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("names the subcommand after -c and -C options", () => {
    expect(gitSubcommand(["-c", "core.askPass=true", "-C", "/some/dir", "fetch", "--quiet"])).toBe("fetch");
    expect(gitSubcommand(["--literal-pathspecs", "--git-dir=/x.git", "ls-tree", "-r"])).toBe("ls-tree");
  });

  test("passes stdin and environment, and fails with git_failed naming the subcommand", async () => {
    const gitDir = path.join(dir, "r.git");
    await runGitCommand(["init", "--quiet", "--bare", gitDir]);
    const { stdout } = await runGitCommand([`--git-dir=${gitDir}`, "hash-object", "--stdin"], { input: "hello\n" });
    expect(stdout.toString("utf8").trim()).toBe("ce013625030ba8dba906f756967f9e9ca394464a");
    const env = await runGitScript('printf %s "$WORKBENCH_TEST_VALUE-$1"', ["arg"], { env: { WORKBENCH_TEST_VALUE: "from-env" } });
    expect(env.stdout.toString("utf8")).toBe("from-env-arg");
    await expect(runGitCommand(["-C", dir, "rev-parse", "--verify", "nope"])).rejects.toMatchObject({
      code: "git_failed",
      message: expect.stringMatching(/^git rev-parse failed \(128\)/),
    });
  });

  test("an aborted signal stops the process", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(runGitCommand(["--version"], { signal: controller.signal })).rejects.toMatchObject({ code: "git_failed" });
  });
});
