"use server";
import { revalidatePath } from "next/cache";
import { reassignOpenAssignments, ReassignRequestSchema } from "@/lib/annotate/reassign-open";
import { assignTeamBatch, TeamAssignRequestSchema } from "@/lib/annotate/team-assignment";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { formAction } from "@/lib/http/form-action";
import type { FormState } from "@/lib/http/form-state";
import { screeningLlmStatus } from "@/lib/llm/configured-llm";
import { loadScreenGate } from "@/lib/screen/screen-gate";
import { counted, plural } from "@/lib/text/plural";

export type TeamState = FormState;

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : undefined;
};

export const assignBatchAction = formAction(
  {
    roles: ["admin"],
    input: TeamAssignRequestSchema,
    read: (form) => ({
      annotatorIds: form.getAll("annotatorIds").filter((v) => typeof v === "string"),
      overlap: text(form, "overlap"),
      batch: {
        repository: text(form, "repository"),
        pullRequestNumber: text(form, "pullRequestNumber"),
        search: text(form, "search"),
        includeCandidates: form.get("includeCandidates") === "on",
      },
    }),
  },
  async (input, user) => {
    const prisma = await getPrisma();
    const gate = await loadScreenGate(prisma, { llmConfigured: screeningLlmStatus(config()).configured });
    const r = await assignTeamBatch(prisma, { ...input, actorId: user.id, gate });
    revalidatePath("/annotate", "layout");
    if (r.assignments === 0)
      return `${r.batch === 1 ? "The 1 instance of this batch already has its" : `The ${r.batch} instances of this batch already have their`} annotators.`;
    return (
      `Assigned ${counted(r.assignments, "label")} over ${r.instances} of the batch's ${counted(r.batch, "instance")} (overlap ${r.overlap}).` +
      (r.shortfall ? ` ${counted(r.shortfall, "instance")} got fewer annotators than the overlap: choose more annotators.` : "")
    );
  },
);

export const reassignAction = formAction(
  {
    roles: ["admin"],
    input: ReassignRequestSchema,
    read: (form) => ({
      fromAnnotatorId: text(form, "fromAnnotatorId"),
      toAnnotatorId: text(form, "toAnnotatorId"),
      onlySkipped: form.get("onlySkipped") === "on",
    }),
  },
  async (input, user) => {
    const r = await reassignOpenAssignments(await getPrisma(), { ...input, actorId: user.id });
    revalidatePath("/annotate", "layout");
    return `Moved ${counted(r.moved, "open item")}.${r.kept ? ` ${r.kept} stayed: the new annotator already has ${plural(r.kept, "it", "them")}.` : ""}`;
  },
);
