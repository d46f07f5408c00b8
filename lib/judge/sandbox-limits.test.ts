import { describe, expect, test } from "vitest";
import { capNotes, DEFAULT_SANDBOX_LIMITS } from "./sandbox-limits";

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
});
