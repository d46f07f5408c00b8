import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/current-user";
import { hasRole } from "@/lib/auth/roles";
import { JUST_SAVED_PARAM, justSavedIdOf, queueFinished } from "@/lib/annotate/after-submit";
import { loadJustSavedLabel } from "@/lib/annotate/just-saved-label";
import { LABEL_DEFINITIONS } from "@/lib/annotate/label-rubric";
import { countSkippedOpen } from "@/lib/annotate/open-labelling";
import { getPrisma } from "@/lib/db/server";
import { isAppError } from "@/lib/errors";
import { loadQueueNeighbours } from "@/lib/annotate/annotation-queue";
import { loadInstanceView, type InstanceView } from "@/lib/annotate/instance-view";
import { instanceKeys } from "@/lib/annotate/query-keys";
import { InstanceWorkspace } from "../_components/instance-workspace";
import { discussionActionsFor, loadDiscussion } from "@/lib/annotate/discussion-thread";
import { DiscussionPanel } from "../_components/discussion-panel";
import { readLabelDraft } from "@/lib/annotate/server-drafts";
import { LabelPanel } from "../_components/label-panel";
import { LeadPanel } from "../_components/lead-panel";
import { NotAssigned } from "../_components/not-assigned";
import type { OwnLabel } from "../_components/own-label";
import { QueueKeys } from "../_components/queue-keys";

export default async function InstancePage({
  params,
  searchParams,
}: {
  params: Promise<{ instanceId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageRole("annotator", "adjudicator", "admin");
  const { instanceId } = await params;
  const prisma = await getPrisma();
  let view: InstanceView;
  try {
    view = await loadInstanceView(prisma, instanceId, user);
  } catch (e) {
    if (isAppError(e, "not_found")) notFound();
    if (isAppError(e)) return <NotAssigned message={e.message} />;
    throw e;
  }
  const discussion = (
    <DiscussionPanel
      instanceId={instanceId}
      notes={(await loadDiscussion(prisma, instanceId, user)).map((n) => ({ ...n, at: n.at.toISOString() }))}
      actions={discussionActionsFor({
        viewer: user,
        perspective: view.perspective,
        stage: view.stage,
        hasOwnLabel: view.ownLabel !== null,
        adjudicated: view.adjudication !== null,
      })}
    />
  );
  const queue = {
    basePath: "/annotate",
    ...(await loadQueueNeighbours(prisma, user, view.perspective === "annotator" ? "mine" : "all", instanceId)),
  };

  if (view.perspective === "lead") {
    return (
      <InstanceWorkspace
        view={view}
        aside={
          <>
            <QueueKeys queue={queue} />
            <LeadPanel view={view} />
            {discussion}
          </>
        }
      />
    );
  }
  const ownLabel: OwnLabel | null = view.ownLabel && {
    value: view.ownLabel.value,
    rationale: view.ownLabel.rationale,
    updatedAt: view.ownLabel.updatedAt.toISOString(),
  };
  // submit-and-advance: the item left behind, read back; and what to say once the queue is finished
  const savedId = justSavedIdOf((await searchParams)[JUST_SAVED_PARAM]);
  const justSaved = savedId && savedId !== instanceId ? await loadJustSavedLabel(prisma, user.id, savedId) : null;
  const finished = queueFinished({
    skipped: await countSkippedOpen(prisma, user.id, instanceId),
    canAdjudicate: hasRole(user, "adjudicator"),
  });
  const client = new QueryClient();
  client.setQueryData(instanceKeys.ownLabel(instanceId), ownLabel);
  return (
    <HydrationBoundary state={dehydrate(client)}>
      <InstanceWorkspace
        view={view}
        aside={
          <>
            <LabelPanel
              key={instanceId}
              instanceId={instanceId}
              login={user.login}
              initialLabel={ownLabel}
              initialDraft={view.stage === "annotating" ? await readLabelDraft(prisma, user.id, instanceId) : null}
              initialStage={view.stage}
              queue={queue}
              justSaved={
                justSaved && {
                  instanceId: justSaved.instanceId,
                  caption: justSaved.caption,
                  valueTitle: LABEL_DEFINITIONS[justSaved.value].title,
                  at: justSaved.updatedAt.toISOString().slice(0, 16).replace("T", " "),
                }
              }
              finished={finished}
            />
            {discussion}
          </>
        }
      />
    </HydrationBoundary>
  );
}
