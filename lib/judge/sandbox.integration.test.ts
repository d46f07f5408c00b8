// The sandbox against a real mirror and real bubblewrap: each promise of paper A.2.2 is tried from
// inside, the way a misbehaving agent would.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureBareMirror } from "@/lib/repo/build-bare-mirror";
import { openTaskSandbox, removeLeftoverTaskDirs, sandboxAvailability, type TaskSandbox } from "./sandbox";
import { DEFAULT_SANDBOX_LIMITS } from "./sandbox-limits";
import { taskCgroupSupport } from "./task-cgroup";

// The server's secrets, as a deployed app holds them in its environment: none may be seen from inside.
const SECRETS = {
  JUDGE_API_KEY: "sk-judge-3f9d1c0e7b2a4c6d",
  LLM_API_KEY: "sk-llm-81be5a2f0c9d4e17",
  GITHUB_TOKEN: "ghp_sandboxTestSecret0123456789abcdef",
  HF_TOKEN: "hf_sandboxTestSecretQwErTy",
  CRON_SECRET: "cron-secret-7d3e9f1a2b4c",
  DATABASE_URL: "postgresql://wb:db-password-5e6f@127.0.0.1:5432/wb_secret_db",
};

describe("a task's sandbox", () => {
  let root: string;
  let mirror: string;
  let shas: string[];
  let box: TaskSandbox;
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    for (const [name, value] of Object.entries(SECRETS)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
    expect(sandboxAvailability(), "bubblewrap must be installed for these tests (apt-get install -y bubblewrap)").toMatchObject({
      ok: true,
    });
    root = mkdtempSync(path.join(tmpdir(), "wb-sandbox-"));
    // the sandbox runs as a host user of its own when the tests run as root: it must reach the work folder
    chmodSync(root, 0o755);
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
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    box?.dispose();
    if (root) rmSync(root, { recursive: true, force: true });
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

  describe("against a hostile agent", () => {
    test("nothing of the server's environment or paths: not in env, not in any /proc/*/environ or /proc/*/cmdline", async () => {
      const r = await run(
        "env; for f in /proc/[0-9]*/environ /proc/[0-9]*/cmdline; do echo \"== $f\"; tr '\\0' '\\n' < $f; echo; done; cat /proc/1/environ /proc/1/cmdline",
      );
      expect(r.returncode).toBe(0);
      // the probe saw what there is to see: the agent's own environment and bwrap as PID 1
      expect(r.output).toContain("HOME=/tmp");
      expect(r.output).toContain("== /proc/1/environ");
      expect(r.output).toMatch(/bwrap\n--args\n3\nbash\n-c\n/);
      for (const [name, value] of Object.entries(SECRETS)) {
        expect(r.output, name).not.toContain(value);
        expect(r.output, name).not.toContain(`${name}=`);
      }
      expect(r.output).not.toContain(root);
      expect(r.output).not.toContain(process.cwd());
    });

    test("not root of the host: an unprivileged user with no capability, and no /etc/shadow", async () => {
      const r = await run("id -u; id -g; grep -E '^Cap(Eff|Prm|Bnd)' /proc/self/status; touch /testbed/repo/owner-probe");
      const [uid, gid, capEff, capPrm, capBnd] = r.output.trim().split("\n");
      expect([uid, gid]).toEqual(["65534", "65534"]);
      for (const cap of [capEff, capPrm, capBnd]) expect(cap).toMatch(/:\s+0+$/);
      // the host sees the agent's file owned by the task's own user (the server's own user when not root), never root
      const owner = statSync(path.join(box.dir, "repo", "owner-probe")).uid;
      rmSync(path.join(box.dir, "repo", "owner-probe"));
      if (process.getuid?.() === 0) expect(owner).toBeGreaterThanOrEqual(2_000_000_000);
      else expect(owner).toBe(process.getuid?.());
      for (const secret of ["/etc/shadow", "/etc/gshadow", "/etc/ssh", "/etc/sudoers", "/etc/postgresql"]) {
        const probe = await run(`ls -la ${secret}; cat ${secret}`);
        expect(probe.returncode, secret).not.toBe(0);
        expect(probe.output, secret).toMatch(/No such file or directory/);
      }
      // what tools need is there: users by name, the dynamic linker's cache, python
      expect((await run("whoami && test -f /etc/ld.so.cache && python3 -c 'print(6*7)'")).output).toBe("nobody\n42\n");
    });

    test("a 3 GB file in /tmp is refused at its cap, with a note", async () => {
      const r = await run("head -c 3221225472 /dev/zero > /tmp/big; s=$?; du -sm /tmp/big; exit $s", 60_000);
      expect(r.returncode).not.toBe(0);
      expect(r.output).toMatch(/No space left on device|File size limit exceeded/);
      expect(Number(r.output.match(/^(\d+)\s+\/tmp\/big/m)?.[1])).toBeLessThanOrEqual(512);
      expect(r.notes?.join(" ")).toMatch(/\[sandbox: /);
    });

    test("a 3 GB file in the checkout is refused; as root, so are many files under the file-size cap", async () => {
      const one = await run("head -c 3221225472 /dev/zero > big.bin; s=$?; rm -f big.bin; exit $s", 60_000);
      expect(one.returncode).not.toBe(0);
      expect(one.notes?.join(" ")).toMatch(/file-size cap/);
      if (process.getuid?.() !== 0) return;
      expect(box.limits.checkoutBytes).toBeGreaterThan(0);
      const many = await run(
        "s=0; for i in 1 2 3; do head -c 943718400 /dev/zero > part$i.bin || { s=1; break; }; done; du -cm part*.bin | tail -1; rm -f part*.bin; exit $s",
        120_000,
      );
      expect(many.returncode).not.toBe(0);
      expect(many.output).toMatch(/No space left on device/);
      expect(Number(many.output.match(/^(\d+)\s+total/m)?.[1])).toBeLessThanOrEqual(1100);
      expect(many.notes?.join(" ")).toMatch(/space was used up/);
    });

    test("a 3 GB allocation is refused, with a note", async () => {
      const r = await run("python3 -c 'b = bytearray(3 * 1024**3); print(len(b))'", 60_000);
      expect(r.returncode).not.toBe(0);
      expect(r.output).toContain("MemoryError");
      expect(r.output).not.toContain("3221225472");
      expect(r.notes?.join(" ")).toMatch(/memory is capped/);
    });

    test("3,000 background processes are refused; the host and the next command carry on", async () => {
      const r = await run(
        // counted with a glob: at the cap even the shell's own $(…) could not fork
        "sh -c 'i=0; while [ $i -lt 3000 ]; do sleep 60 >/dev/null 2>&1 & i=$((i+1)); done; echo started-all'; set -- /proc/[0-9]*; echo running=$#",
        60_000,
      );
      expect(r.output).not.toContain("started-all");
      expect(r.output).toMatch(/Cannot fork|Resource temporarily unavailable/);
      expect(Number(r.output.match(/running=(\d+)/)?.[1])).toBeLessThanOrEqual(260);
      expect(r.notes?.join(" ")).toMatch(/processes/);
      // the test process (the server) still starts processes, and the sandbox's next command runs
      expect(spawnSync("true").status).toBe(0);
      expect(await run("echo still-here")).toMatchObject({ returncode: 0, output: "still-here\n" });
    });
  });

  test("/dev/shm is a small capped tmpfs: writing 1.5 GB there fails, with a note", async () => {
    const r = await run(
      "s=0; for i in 1 2 3; do head -c 536870912 /dev/zero > /dev/shm/part$i || { s=1; break; }; done; du -cm /dev/shm/part* | tail -1; exit $s",
      60_000,
    );
    expect(r.returncode).not.toBe(0);
    expect(r.output).toMatch(/No space left on device/);
    expect(Number(r.output.match(/^(\d+)\s+total/m)?.[1])).toBeLessThanOrEqual(64);
    expect(r.notes?.join(" ")).toMatch(/\/dev\/shm 64 MB/);
    expect(box.limits.shmBytes).toBe(64 * 1024 * 1024);
  });

  // Without a control group per task (a host that offers none) only the per-process caps hold: said, not failed.
  const support = taskCgroupSupport();
  if (support.kind === "none") console.warn(`skipping the per-task memory cap test: ${support.reason}`);
  test.skipIf(support.kind === "none")(
    "memory summed over a task's processes holds its cap: three 150 MB processes under a 256 MB task cap are not all kept",
    async () => {
      const capped = await openTaskSandbox({
        taskFiles: { "task.json": "{}\n" },
        mirrorGitDir: mirror,
        baseCommit: shas[0],
        workRoot: path.join(root, "work"),
        limits: { ...DEFAULT_SANDBOX_LIMITS, taskMemoryBytes: 256 * 1024 * 1024 },
      });
      try {
        expect(capped.limits.taskGroup).toBe(support.kind);
        // each alone is far under the 2 GB per-process cap; together they are 450 MB
        const r = await capped.run(
          `for i in 1 2 3; do python3 -c "import time; b = bytearray(150 * 2**20); print('held', flush=True); time.sleep(3)" & done; wait; echo finished`,
          { timeoutMs: 60_000 },
        );
        expect(r.output).toContain("finished");
        expect(r.output.match(/^held$/gm)?.length ?? 0).toBeLessThan(3);
        expect(r.output).toMatch(/Killed/);
        expect(r.notes?.join(" ")).toMatch(/the task's processes together reached its 256 MB memory cap/);
        // the group is the task's: the next command starts afresh under it
        expect(await capped.run("echo next", { timeoutMs: 10_000 })).toMatchObject({ returncode: 0, output: "next\n" });
      } finally {
        capped.dispose();
      }
    },
  );

  test("leftover task folders of a dead process are removed; a live one's and anything else stay", () => {
    const work = path.join(root, "leftovers");
    mkdirSync(work, { recursive: true });
    const dead = spawnSync("true").pid;
    const mine = path.join(work, `wb-judge-task-${process.pid}-abc`);
    const gone = path.join(work, `wb-judge-task-${dead}-def`);
    const other = path.join(work, "task-not-ours");
    for (const dir of [mine, gone, other]) {
      mkdirSync(path.join(dir, "repo"), { recursive: true });
      writeFileSync(path.join(dir, "repo", "file"), "x");
    }
    expect(removeLeftoverTaskDirs(work)).toEqual([gone]);
    expect([existsSync(mine), existsSync(gone), existsSync(other)]).toEqual([true, false, true]);
  });
});
