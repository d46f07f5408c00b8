// The sandbox against a real mirror and real bubblewrap: each promise of paper A.2.2 is tried from
// inside, the way a misbehaving agent would.
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureBareMirror } from "@/lib/repo/build-bare-mirror";
import { openTaskSandbox, sandboxAvailability, type TaskSandbox } from "./sandbox";

describe("a task's sandbox", () => {
  let root: string;
  let mirror: string;
  let shas: string[];
  let box: TaskSandbox;
  beforeAll(async () => {
    expect(sandboxAvailability(), "bubblewrap must be installed for these tests (apt-get install -y bubblewrap)").toEqual({
      ok: true,
      bwrap: "bwrap",
    });
    root = mkdtempSync(path.join(tmpdir(), "wb-sandbox-"));
    mirror = path.join(root, "mirrors", "acme__widgets.git");
    shas = await ensureBareMirror(mirror, "acme/widgets", [
      { message: "base", files: { "src/widget.py": "def area(w, h):\n    return w * h\n", "README.md": "widgets\n" } },
      { message: "later: the fix nobody should see", files: { "src/widget.py": "def area(w, h):\n    return abs(w * h)\n" } },
    ]);
    box = await openTaskSandbox({
      taskFiles: {
        "task.json": '{"eval_id":"eval_000000000000000000000001"}\n',
        "review.patch": "--- a/src/widget.py\n+++ b/src/widget.py\n",
      },
      mirrorGitDir: mirror,
      baseCommit: shas[0],
      workRoot: path.join(root, "work"),
    });
  });
  afterAll(() => {
    box?.dispose();
    rmSync(root, { recursive: true, force: true });
  });
  const run = (command: string, timeoutMs = 20_000) => box.run(command, { timeoutMs });

  test("the task is read-only at /testbed/task and the repository is checked out at the base commit in /testbed/repo", async () => {
    expect(await run("pwd && cat /testbed/task/task.json && cat src/widget.py")).toMatchObject({
      returncode: 0,
      output: '/testbed/repo\n{"eval_id":"eval_000000000000000000000001"}\ndef area(w, h):\n    return w * h\n',
    });
    expect(await run("git log --format=%s")).toMatchObject({ returncode: 0, output: "base\n" });
    // no branch or tag, and not one object of the later commit: a fix made after the review cannot be found
    expect((await run("git for-each-ref | wc -l")).output).toBe("0\n");
    expect((await run(`git cat-file -t ${shas[1]}`)).returncode).not.toBe(0);
    expect((await run("git cat-file --batch-all-objects --batch-check | grep -c ' commit '")).output).toBe("1\n");
    expect((await run("git grep -c 'abs(' || echo none")).output).toBe("none\n");
    const write = await run("echo x > /testbed/task/task.json");
    expect(write.returncode).not.toBe(0);
    expect(write.output).toMatch(/Read-only file system/);
  });

  test("the repository and /tmp are writable; the root, /usr and /etc are not", async () => {
    expect(
      await run("echo changed > notes.txt && cp -r /testbed/repo /tmp/patched && cat /tmp/patched/notes.txt && rm notes.txt"),
    ).toMatchObject({
      returncode: 0,
      output: "changed\n",
    });
    for (const target of ["/evil", "/usr/evil", "/etc/evil", "/testbed/evil"]) {
      const r = await run(`touch ${target}`);
      expect(r.returncode, target).not.toBe(0);
    }
    expect(existsSync("/evil")).toBe(false);
  });

  test("no network: not the host's services on 127.0.0.1, not the internet", async () => {
    const server = createServer((s) => s.end("reachable\n"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const port = (server.address() as { port: number }).port;
    try {
      const r = await run(`exec 3<>/dev/tcp/127.0.0.1/${port} && cat <&3`);
      expect(r.returncode).not.toBe(0);
      expect(r.output).not.toContain("reachable");
      expect((await run("getent hosts github.com || echo no-resolution")).output).toContain("no-resolution");
    } finally {
      server.close();
    }
  });

  test("its own PID namespace: the host's processes are not visible", async () => {
    const r = await run("ls /proc | grep -c '^[0-9]'");
    expect(Number(r.output.trim())).toBeLessThan(6);
  });

  test("a command past its time is killed with every process it started, and says so", async () => {
    const started = Date.now();
    const r = await run("sleep 30 & sleep 30; echo never", 1_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(r).toMatchObject({ timedOut: true });
    expect(r.output).not.toContain("never");
    expect((await run("pgrep -c sleep || true")).output.trim()).toBe("0");
  });

  test("a flood of output is capped in memory but counted", async () => {
    const r = await run("head -c 6000000 /dev/zero | tr '\\0' 'a'");
    expect(r.output.length).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(r.outputChars).toBeGreaterThanOrEqual(6_000_000);
  });
});
