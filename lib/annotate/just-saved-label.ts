import type { PrismaClient } from "@/lib/db/generated/client";
import type { LabelValue } from "@/lib/db/enums";
import { instanceCaption } from "./load-agreement";

export interface JustSavedLabel {
  instanceId: string;
  value: LabelValue;
  updatedAt: Date;
  /** "owner/repo#12 · path · “first words”" */
  caption: string;
}

/**
 * The label the viewer just saved on the previous item (submit-and-advance), read back from the
 * database so the next item's page says it was saved only when it was; null when there is none.
 */
export async function loadJustSavedLabel(prisma: PrismaClient, viewerId: string, instanceId: string): Promise<JustSavedLabel | null> {
  const label = await prisma.label.findUnique({
    where: { instanceId_annotatorId: { instanceId, annotatorId: viewerId } },
    select: {
      value: true,
      updatedAt: true,
      instance: {
        select: {
          perturbedBody: true,
          perturbedPath: true,
          targetEntry: { select: { body: true, path: true } },
          pullRequest: { select: { number: true, repository: { select: { fullName: true } } } },
        },
      },
    },
  });
  if (!label) return null;
  const { instance } = label;
  return {
    instanceId,
    value: label.value,
    updatedAt: label.updatedAt,
    caption: instanceCaption(instance.pullRequest.repository.fullName, instance.pullRequest.number, {
      path: instance.perturbedPath ?? instance.targetEntry.path,
      body: instance.perturbedBody ?? instance.targetEntry.body,
    }),
  };
}
