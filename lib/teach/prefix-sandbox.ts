// Execution at the prefix's state (issue step 3): a fresh sandbox of the task (lib/judge's, the same
// bubblewrap checkout at the base commit, /testbed/task, private /tmp), into which the prefix's commands
// are replayed in order, so the repository and /tmp are as the student left them. Replay is checked:
// a command whose return code differs from the stored one is noted (shown with the prefix), since the
// state after it may differ too. Format errors ran nothing and are not replayed.
import type { CommandResult } from "@/lib/judge/agent-turn";
import type { JudgeInput } from "@/lib/judge/judge-inputs";
import type { AgentStep } from "@/lib/judge/run-agent";
import { openTaskSandbox } from "@/lib/judge/sandbox";
import { openMirror } from "@/lib/repo/mirror-path";

export interface PrefixSandbox {
  run(command: string, options: { timeoutMs: number; signal?: AbortSignal }): Promise<CommandResult>;
  /** replayed commands whose outcome differed from the student's, in words */
  replayNotes: string[];
  dispose(): void;
}

/** Replays the commands of the steps through a runner; returns the divergences. */
export async function replaySteps(
  runner: Pick<PrefixSandbox, "run">,
  steps: readonly AgentStep[],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<string[]> {
  const notes: string[] = [];
  for (const step of steps) {
    if (step.command === null) continue;
    const result = await runner.run(step.command, { timeoutMs, signal });
    if (step.returncode !== null && result.returncode !== step.returncode)
      notes.push(`step ${step.step} replayed with return code ${result.returncode}, the student's had ${step.returncode}`);
  }
  return notes;
}

export async function openPrefixSandbox(input: {
  task: JudgeInput;
  mirrorsDir: string;
  workRoot: string;
  /** the steps the prefix holds (their commands are replayed) */
  steps: readonly AgentStep[];
  commandTimeoutMs: number;
  signal?: AbortSignal;
}): Promise<PrefixSandbox> {
  const sandbox = await openTaskSandbox({
    taskFiles: input.task.files,
    mirrorGitDir: openMirror(input.mirrorsDir, input.task.repo).gitDir,
    baseCommit: input.task.baseCommit,
    workRoot: input.workRoot,
  });
  try {
    const replayNotes = await replaySteps(sandbox, input.steps, input.commandTimeoutMs, input.signal);
    return { run: (c, o) => sandbox.run(c, o), replayNotes, dispose: () => sandbox.dispose() };
  } catch (e) {
    sandbox.dispose();
    throw e;
  }
}
