// One prefix's unit of work (a pg-boss job, or the CLI's loop): claim it, rebuild its history from the
// judge run's stored steps, run its correction branch in a fresh sandbox replaying the prefix, and write
// every action in one transaction with the prefix marked done. A worker killed midway leaves the prefix
// "running" with no action written; whoever takes it next starts it over, so nothing is lost and
// nothing written twice (actions are unique per prefix and position besides).
import type { Config } from "@/lib/config";
import { judgeWorkDir } from "@/lib/config";
import type { PrismaClient } from "@/lib/db/generated/client";
import { toJsonInput } from "@/lib/db/json-input";
import { AppError } from "@/lib/errors";
import { AgentSettingsSchema, ContextPolicySchema } from "@/lib/judge/paper-agent";
import { AgentStepsSchema } from "@/lib/judge/run-agent";
import { openSecret, serverKey } from "@/lib/secret-box";
import { keyStepPrefixes } from "./key-step-prefixes";
import { openPrefixSandbox, type PrefixSandbox } from "./prefix-sandbox";
import { studentHistory } from "./student-history";
import { createStructuredEndpoint } from "./structured-request";
import { superviseBranch } from "./supervise-branch";
import { loadTaskContexts } from "./task-context";
import { TeacherSettingsSchema } from "./teacher-settings";
import { pythonJsonDumps } from "./python-json";
import { recordKey } from "./training-record";

export interface SuperviseDeps {
  prisma: PrismaClient;
  config: Pick<Config, "MIRRORS_DIR" | "JUDGE_WORK_DIR" | "EMBEDDED_DB_DIR" | "TEACHER_API_KEY" | "WORKBENCH_SECRET">;
  signal?: AbortSignal;
}

export type PrefixOutcome = "done" | "skipped" | "failed" | "cancelled";

/** Supervises one prefix; "skipped" when it is done already or its run is no longer going. */
export async function supervisePrefix(
  deps: SuperviseDeps,
  prefixId: string,
): Promise<{ outcome: PrefixOutcome; actions: number; reason?: string }> {
  const { prisma } = deps;
  const prefix = await prisma.supervisionPrefix.findUnique({ where: { id: prefixId }, include: { run: { include: { judgeRun: true } } } });
  if (!prefix) throw new AppError("not_found", `Supervision prefix ${prefixId} does not exist`);
  if (prefix.run.status === "cancelled") return { outcome: "cancelled", actions: 0 };
  const claimed = await prisma.supervisionPrefix.updateMany({
    where: { id: prefixId, status: { in: ["pending", "running"] } },
    data: { status: "running", startedAt: new Date(), attempts: { increment: 1 } },
  });
  if (claimed.count === 0) return { outcome: "skipped", actions: 0 };
  if (prefix.run.status === "queued")
    await prisma.supervisionRun.update({ where: { id: prefix.runId }, data: { status: "running", startedAt: new Date() } });

  const judge = prefix.run.judgeRun;
  const settings = AgentSettingsSchema.parse(judge.settings);
  const teacherSettings = TeacherSettingsSchema.parse(prefix.run.teacher);
  let sandbox: PrefixSandbox | null = null;
  try {
    const task = await prisma.judgeTask.findUniqueOrThrow({
      where: { runId_evalId: { runId: judge.id, evalId: prefix.evalId } },
      select: { steps: true },
    });
    const steps = AgentStepsSchema.parse(task.steps);
    const { contexts, unavailable } = await loadTaskContexts(
      prisma,
      {
        exportId: judge.exportId,
        split: judge.split,
        contextPolicy: ContextPolicySchema.parse(judge.contextPolicy),
        prompts: [settings.systemPrompt, settings.userPrompt],
      },
      [prefix.evalId],
    );
    const context = contexts.get(prefix.evalId);
    if (!context)
      throw new AppError(
        "invalid_input",
        `Task ${prefix.evalId} cannot be supervised: ${unavailable[0]?.reason ?? "it is not in the export"}`,
      );
    const found = keyStepPrefixes(steps, studentHistory(settings, steps), context.comment).find(
      (p) => p.afterStep === prefix.afterStep && p.kind === prefix.kind,
    );
    if (!found)
      throw new AppError("conflict", `The trajectory of ${prefix.evalId} no longer has a ${prefix.kind} step ${prefix.afterStep}`);
    // the prefix's state: every command up to the key step (the submission itself excluded)
    const replayed = steps.filter((s) => (found.kind === "final_reasoning" ? s.step < found.afterStep : s.step <= found.afterStep));
    const apiKey = prefix.run.apiKey ? openSecret(prefix.run.apiKey, serverKey(deps.config)) : deps.config.TEACHER_API_KEY;
    const result = await superviseBranch(
      {
        label: context.label,
        studentPrompt: settings.systemPrompt,
        history: found.history,
        candidate: found.candidate,
        followupSteps: teacherSettings.followupSteps,
        outputLimitChars: settings.outputLimitChars,
        commandTimeoutMs: settings.commandTimeoutSeconds * 1000,
        // the same task and history give the same ids in any run, so a later round's identical record is a duplicate
        idSeed: `${prefix.evalId}:${pythonJsonDumps(found.history)}`,
        leaks: { forbidden: context.forbidden },
      },
      {
        teacher: createStructuredEndpoint(teacherSettings, apiKey),
        signal: deps.signal,
        sandbox: async () => {
          sandbox = await openPrefixSandbox({
            task: context.input,
            mirrorsDir: deps.config.MIRRORS_DIR,
            workRoot: judgeWorkDir(deps.config),
            steps: replayed,
            commandTimeoutMs: settings.commandTimeoutSeconds * 1000,
            signal: deps.signal,
          });
          return sandbox;
        },
      },
    );
    const notes: string[] = (sandbox as PrefixSandbox | null)?.replayNotes ?? [];
    await prisma.$transaction([
      prisma.supervisionAction.deleteMany({ where: { prefixId } }),
      prisma.supervisionAction.createMany({
        data: result.actions.map((a) => ({
          prefixId,
          position: a.position,
          status: a.status,
          reason: a.reason,
          proposal: a.proposal ? toJsonInput(a.proposal) : undefined,
          raw: a.raw,
          message: a.message ? toJsonInput(a.message) : undefined,
          execution: a.execution ? toJsonInput(a.execution) : undefined,
          review: a.review ? toJsonInput(a.review) : undefined,
          record: a.record ? toJsonInput(a.record) : undefined,
          recordKey: a.record ? recordKey(prefix.evalId, a.record) : null,
          requests: a.requests,
          inputTokens: a.inputTokens,
          outputTokens: a.outputTokens,
        })),
      }),
      prisma.supervisionPrefix.update({
        where: { id: prefixId },
        data: { status: "done", ended: result.ended, replayNotes: toJsonInput(notes), finishedAt: new Date() },
      }),
    ]);
    return { outcome: "done", actions: result.actions.length };
  } catch (e) {
    if (deps.signal?.aborted) {
      // stopped, not failed: the prefix goes back for whoever resumes
      await prisma.supervisionPrefix.update({ where: { id: prefixId }, data: { status: "pending", startedAt: null } });
      return { outcome: "cancelled", actions: 0 };
    }
    const reason = e instanceof Error ? e.message : String(e);
    await prisma.supervisionPrefix.update({ where: { id: prefixId }, data: { status: "failed", ended: reason, finishedAt: new Date() } });
    return { outcome: "failed", actions: 0, reason };
  } finally {
    (sandbox as PrefixSandbox | null)?.dispose();
  }
}
