// A judge run's trajectories out, as mini-swe-agent writes them: one `<eval_id>.traj.json` per judged
// task (its messages, `info.exit_status`, `info.submission`, model stats), so the evaluation's
// trajectory import (lib/evaluate/parse-predictions.ts), the paper's tooling or any notebook reads them.
// Tasks not judged (no sandbox, the provider failed) have no trajectory of the model and are left out,
// as the run's score leaves them out. `trajectoryArchive` packs them in one .tar.gz.
import { gzipSync } from "node:zlib";
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { ModelCallSchema } from "./judge-model";
import { SUBMIT_MARKER, type AgentSettings, AgentSettingsSchema } from "./paper-agent";
import type { AgentOutcome } from "./run-agent";

const StepSchema = z.looseObject({
  step: z.number(),
  thought: z.string(),
  command: z.string().nullable(),
  observation: z.string(),
  formatError: z.string().nullable(),
  call: ModelCallSchema.optional(),
});

/** mini-swe-agent's exit statuses (the name of the exception that ended its loop) */
const EXIT_STATUS: Record<Exclude<AgentOutcome, "model_error" | "rate_limited" | "cancelled">, string> = {
  submitted: "Submitted",
  invalid_submission: "Submitted",
  step_limit: "LimitsExceeded",
  time_limit: "LimitsExceeded",
  format_errors: "FormatError",
};

export interface ExportableTask {
  evalId: string;
  outcome: string | null;
  reason: string | null;
  steps: unknown;
  promptTokens: number | null;
  completionTokens: number | null;
  /** requests the provider failed that were sent again */
  retries: number;
}

/** What followed the marker line in the submitting command's output (mini-swe-agent's `submission`). */
function submissionOf(observation: string): string | null {
  const lines = observation.split("\n");
  const marker = lines.findIndex((line) => line.trimStart().startsWith(SUBMIT_MARKER));
  if (marker === -1) return null;
  const end = lines.findIndex((line, i) => i > marker && (line === "</output>" || /^\[(output truncated|sandbox:)/.test(line)));
  // the observation puts the output's own last newline before "</output>": joined back, it is the output as printed
  return lines.slice(marker + 1, end === -1 ? undefined : end).join("\n");
}

/** One task's trajectory file, or null for a task that was not judged. */
function trajectoryFile(task: ExportableTask, settings: AgentSettings, model: string): { name: string; text: string } | null {
  const outcome = task.outcome as AgentOutcome | null;
  if (outcome === null || !(outcome in EXIT_STATUS)) return null;
  const steps = z.array(StepSchema).parse(Array.isArray(task.steps) ? task.steps : []);
  const messages: object[] = [
    { role: "system", content: settings.systemPrompt },
    { role: "user", content: settings.userPrompt },
  ];
  for (const s of steps) {
    // the provider's answer as it came when the step kept it (older steps: rebuilt from the thought and command)
    const extra = s.call
      ? {
          extra: {
            response: { id: s.call.responseId, model: s.call.model, finish_reason: s.call.finishReason },
            requested_at: s.call.requestedAt,
            timestamp: s.call.answeredAt,
            ...(s.call.attempts === undefined ? {} : { attempts: s.call.attempts }),
          },
        }
      : {};
    if (settings.actionMode === "tool" && s.command !== null) {
      const toolCalls = s.call?.toolCalls?.length
        ? s.call.toolCalls
        : [{ id: `call_${s.step}`, type: "function", function: { name: "bash", arguments: JSON.stringify({ command: s.command }) } }];
      messages.push({ role: "assistant", content: s.call ? s.call.content : s.thought || null, tool_calls: toolCalls, ...extra });
      messages.push({ role: "tool", tool_call_id: toolCalls[0].id, content: s.observation });
    } else {
      const content = s.call?.content ?? (s.command === null ? s.thought : `${s.thought}\n\n\`\`\`bash\n${s.command}\n\`\`\``);
      messages.push({ role: "assistant", content, ...(s.call?.toolCalls?.length ? { tool_calls: s.call.toolCalls } : {}), ...extra });
      // a format error answered to tool calls goes back as tool messages, as the agent sent it
      if (s.call?.toolCalls?.length)
        for (const call of s.call.toolCalls) messages.push({ role: "tool", tool_call_id: call.id, content: s.observation });
      else messages.push({ role: "user", content: s.observation });
    }
  }
  const exitStatus = EXIT_STATUS[outcome as keyof typeof EXIT_STATUS];
  const last = steps.at(-1);
  const submission = exitStatus === "Submitted" && last ? submissionOf(last.observation) : null;
  const trajectory = {
    trajectory_format: "mini-swe-agent-1",
    instance_id: task.evalId,
    info: {
      exit_status: exitStatus,
      submission: submission ?? "",
      reason: task.reason,
      // requests the provider failed (429, 5xx, timeouts) that the client sent again, over the task's calls
      retries: task.retries,
      model_stats: {
        api_calls: steps.length,
        instance_cost: 0,
        prompt_tokens: task.promptTokens ?? 0,
        completion_tokens: task.completionTokens ?? 0,
      },
      config: { model: { model_name: model }, agent: settings },
    },
    messages,
  };
  return { name: `${task.evalId}.traj.json`, text: `${JSON.stringify(trajectory, null, 2)}\n` };
}

/** Every judged task's trajectory file of a run. */
export async function runTrajectoryFiles(
  prisma: PrismaClient,
  runId: string,
): Promise<{ runName: string; files: { name: string; text: string }[] }> {
  const run = await prisma.judgeRun.findUnique({ where: { id: runId }, select: { name: true, model: true, settings: true } });
  if (!run) throw new AppError("not_found", `Judge run ${runId} does not exist`);
  const settings = AgentSettingsSchema.parse(run.settings);
  const tasks = await prisma.judgeTask.findMany({
    where: { runId, status: "done" },
    orderBy: { position: "asc" },
    select: { evalId: true, outcome: true, reason: true, steps: true, promptTokens: true, completionTokens: true, retries: true },
  });
  const files = tasks.flatMap((t) => trajectoryFile(t, settings, run.model) ?? []);
  return { runName: run.name, files };
}

/** A .tar.gz (POSIX ustar) of the files, in one folder named after the run. */
export function trajectoryArchive(folder: string, files: readonly { name: string; text: string }[]): Buffer {
  const blocks: Buffer[] = [];
  const safeFolder = folder.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 60) || "trajectories";
  const mtime = Math.floor(Date.now() / 1000);
  for (const file of files) {
    const body = Buffer.from(file.text, "utf8");
    const header = Buffer.alloc(512);
    const name = `${safeFolder}/${file.name}`;
    if (Buffer.byteLength(name) > 100) throw new AppError("invalid_input", `Archive entry name too long: ${name}`);
    header.write(name, 0, "utf8");
    header.write("0000644\0", 100, "ascii");
    header.write("0000000\0", 108, "ascii");
    header.write("0000000\0", 116, "ascii");
    header.write(`${body.length.toString(8).padStart(11, "0")}\0`, 124, "ascii");
    header.write(`${mtime.toString(8).padStart(11, "0")}\0`, 136, "ascii");
    header.write("        ", 148, "ascii");
    header.write("0", 156, "ascii");
    header.write("ustar\0", 257, "ascii");
    header.write("00", 263, "ascii");
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
    blocks.push(header, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}
