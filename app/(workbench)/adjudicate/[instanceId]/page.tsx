import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { isAppError } from "@/lib/errors";
import { loadQueueNeighbours } from "@/lib/annotate/annotation-queue";
import { loadInstanceView, type InstanceView } from "@/lib/annotate/instance-view";
import { InstanceWorkspace } from "../../annotate/_components/instance-workspace";
import { LeadPanel } from "../../annotate/_components/lead-panel";
import { NotAssigned } from "../../annotate/_components/not-assigned";
import { QueueKeys } from "../../annotate/_components/queue-keys";
import { discussionActionsFor, loadDiscussion } from "@/lib/annotate/discussion-thread";
import { DiscussionPanel } from "../../annotate/_components/discussion-panel";
import { AdjudicationPanel } from "./adjudication-panel";

export default async function AdjudicateInstancePage({ params }: { params: Promise<{ instanceId: string }> }) {
  const user = await requirePageRole("adjudicator");
  const { instanceId } = await params;
  const prisma = await getPrisma();
  let view: InstanceView;
  try {
    view = await loadInstanceView(prisma, instanceId, user);
  } catch (e) {
    if (isAppError(e, "not_found")) notFound();
    throw e;
  }
  if (view.perspective === "annotator")
    return <NotAssigned message="You annotated this instance, so another adjudicator has to decide it." />;
  const queue = { basePath: "/adjudicate", ...(await loadQueueNeighbours(prisma, user, "adjudication", instanceId)) };
  return (
    <InstanceWorkspace
      view={view}
      aside={
        <>
          <QueueKeys queue={queue} />
          <LeadPanel view={view} showAdjudicateLink={false} />
          {view.canAdjudicate && <AdjudicationPanel instanceId={instanceId} />}
          <DiscussionPanel
            instanceId={instanceId}
            notes={(await loadDiscussion(prisma, instanceId, user)).map((n) => ({ ...n, at: n.at.toISOString() }))}
            actions={discussionActionsFor({
              viewer: user,
              perspective: view.perspective,
              stage: view.stage,
              hasOwnLabel: false,
              adjudicated: view.adjudication !== null,
            })}
          />
          {!view.canAdjudicate && !view.adjudication && (
            <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">
              Nothing to decide: this instance is {view.stage.replace("_", " ")}. Only instances whose annotators disagreed are adjudicated.
            </p>
          )}
        </>
      }
    />
  );
}
