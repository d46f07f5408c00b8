import { describe, expect, test } from "vitest";
import { capNotes, capsInForce, DEFAULT_SANDBOX_LIMITS, taskMemoryNote } from "./sandbox-limits";

describe("notes for a command that hit a sandbox cap", () => {
  const notes = (returncode: number, output: string) => capNotes({ returncode, output }, DEFAULT_SANDBOX_LIMITS);

  test("each cap is named with its size", () => {
    expect(notes(153, "")).toEqual(["[sandbox: a file reached the 1,024 MB file-size cap]"]);
    expect(notes(1, "head: error writing 'standard output': No space left on device\n")[0]).toMatch(/\/tmp holds 512 MB/);
    expect(notes(1, "Traceback (most recent call last):\nMemoryError\n")).toEqual(["[sandbox: memory is capped at 2,048 MB per process]"]);
    expect(notes(2, "sh: 0: Cannot fork\n")).toEqual(["[sandbox: at most 256 processes and threads may run at once]"]);
    expect(notes(254, "bash: fork: retry: Resource temporarily unavailable\n")).toHaveLength(1);
  });

  test("an ordinary failure gets no note", () => {
    expect(notes(1, "grep: src/missing.py: No such file or directory\n")).toEqual([]);
    expect(notes(0, "def allocate(size):\n    return bytearray(size)\n")).toEqual([]);
  });

  test("a task's memory total is named when the task has a group; a kill at it says how many went", () => {
    expect(capNotes({ returncode: 1, output: "MemoryError\n" }, DEFAULT_SANDBOX_LIMITS, true)).toEqual([
      "[sandbox: memory is capped at 2,048 MB per process and 2,048 MB for all the task's processes together]",
    ]);
    expect(taskMemoryNote(DEFAULT_SANDBOX_LIMITS, 2)).toMatch(/reached its 2,048 MB memory cap .*killed 2 of them/);
  });
});

describe("the caps in force, as the run page and the CLI say them", () => {
  test("with a task group: the total per task and its kind; no warning", () => {
    const v1 = capsInForce(DEFAULT_SANDBOX_LIMITS, { kind: "cgroup1" });
    expect(v1.caps).toBe(
      "memory 2,048 MB per task over all its processes (cgroup v1) and 2,048 MB per process, 256 processes per task (cgroup v1 pids); files 1,024 MB each; /tmp 512 MB; /dev/shm 64 MB",
    );
    expect(v1.warning).toBeNull();
    expect(capsInForce(DEFAULT_SANDBOX_LIMITS, { kind: "cgroup2" }).caps).toMatch(/per task over all its processes \(cgroup v2\)/);
  });

  test("without one: per-process caps only, and a warning that says why", () => {
    const none = capsInForce(DEFAULT_SANDBOX_LIMITS, { kind: "none", reason: "cgroup v2 at /sys/fs/cgroup is not delegated" });
    expect(none.caps).toMatch(/^memory 2,048 MB per process \(no per-task total\), 256 processes;/);
    expect(none.warning).toMatch(/^No per-task memory cap on this host: cgroup v2 at \/sys\/fs\/cgroup is not delegated\. /);
  });
});
