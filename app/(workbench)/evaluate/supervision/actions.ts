"use server";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getPrisma } from "@/lib/db/server";
import { plainAction } from "@/lib/http/form-action";
import { getJobEngine } from "@/lib/jobs/server-engine";
import { cancelSupervisionRun, prepareSupervisionResume } from "@/lib/teach/run-supervision";

const RunSchema = z.object({ runId: z.string().min(1) });

/** Cancel: the run takes no more prefixes; a running prefix stops at its next request and goes back for a resume. */
export const cancelSupervisionAction = plainAction({ roles: ["admin"], input: RunSchema }, async ({ runId }, user) => {
  await cancelSupervisionRun(await getPrisma(), await getJobEngine(), runId, user.id);
  redirect(`/evaluate/supervision/${runId}`);
});

/** Resume: the prefixes not done (left running, failed or cancelled) are queued again, one job each. */
export const resumeSupervisionAction = plainAction({ roles: ["admin"], input: RunSchema }, async ({ runId }, user) => {
  await prepareSupervisionResume(await getPrisma(), runId, user.id);
  await (await getJobEngine()).enqueue("supervise", { runId }, { requestedById: user.id });
  redirect(`/evaluate/supervision/${runId}`);
});
