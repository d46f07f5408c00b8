"use client";
// The job panel for the splits pages' two jobs, with a link from a finished run to what it made.
import { JobPanel, type ResultLink } from "@/app/_components/job-panel";
import { ExportJobResultSchema, HubPushJobResultSchema } from "@/lib/export/export-job-results";
import type { JobRunView } from "@/lib/jobs/job-run-record";

function exportLink(run: JobRunView): ResultLink | null {
  const result = ExportJobResultSchema.safeParse(run.result);
  if (!result.success) return null;
  const { exportId, rows } = result.data;
  return {
    href: `/splits/exports/${encodeURIComponent(exportId)}`,
    label: `Open the export (${rows.train} / ${rows.validation} / ${rows.test} rows)`,
  };
}

function pushLink(run: JobRunView): ResultLink | null {
  const result = HubPushJobResultSchema.safeParse(run.result);
  if (!result.success) return null;
  const { repoId, commitOid, commitUrl, createdRepo } = result.data;
  return {
    href: commitUrl,
    label: `Pushed to ${repoId}${createdRepo ? " (created)" : ""} as one commit ${commitOid.slice(0, 10)}`,
    external: true,
  };
}

export function ExportJobPanel() {
  return <JobPanel kinds={["export"]} title="Export jobs" titles={{ export: "Export" }} resultLink={exportLink} />;
}

export function HubPushJobPanel() {
  return <JobPanel kinds={["hub-push"]} title="Push jobs" titles={{ "hub-push": "Hub push" }} resultLink={pushLink} />;
}
