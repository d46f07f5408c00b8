// Pushes a recorded export's published tree (README.md and the split files, as its profile laid them out)
// to the Hub, after checking every file still has the hash its manifest recorded: what is pushed is what
// was exported. manifest.json and the judge task bundles stay private.
import type { PrismaClient } from "@/lib/db/generated/client";
import { loadExportFiles } from "./read-export-files";
import { pushFilesToHub, type HubPushOptions, type HubPushResult, type HubTarget } from "./hub-push";
import { recordAudit } from "@/lib/audit/record-audit";

export async function pushExport(
  prisma: PrismaClient,
  exportId: string,
  target: HubTarget,
  options: Pick<HubPushOptions, "createIfMissing" | "fetch"> & { actorId?: string | null } = {},
): Promise<HubPushResult> {
  const { manifest, read } = await loadExportFiles(prisma, exportId);
  const files = manifest.files.map((f) => ({ path: f.path, data: read(f.path) }));
  const { actorId = null, ...pushOptions } = options;
  const result = await pushFilesToHub(target, files, {
    ...pushOptions,
    title: `Release ${manifest.content_hash.slice(0, 12)}: ${manifest.rows.train}/${manifest.rows.validation}/${manifest.rows.test} train/validation/test`,
    description: `Exported by the review-trust workbench (export ${exportId}). Content hash ${manifest.content_hash} (sha256 over every file's sha256).`,
  });
  await prisma.export.update({ where: { id: exportId }, data: { hubRepoId: result.repoId, hubCommit: result.commitOid } });
  await recordAudit(prisma, {
    actorId,
    action: "export.push",
    subjectId: exportId,
    details: { repoId: result.repoId, commit: result.commitOid, by: result.pushedBy },
  });
  return result;
}
