// Reads a recorded export's files back from its folder, refusing any path its manifests do not
// list (no path tricks from a download URL) and any file whose bytes changed since the export.
import { AppError } from "@/lib/errors";
import { isAppError } from "@/lib/errors";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "@/lib/db/generated/client";
import { MANIFEST_PATH, TASKS_MANIFEST_PATH } from "./build-export-files";
import { sha256Hex } from "./build-manifest";
import { notFound } from "./export-errors";
import { readStoredManifest, type StoredExportManifest } from "./stored-export-manifest";

export interface LoadedExport {
  manifest: StoredExportManifest;
  /** every path that may be read: dataset files, both manifests, task files */
  paths: string[];
  read(relativePath: string): Uint8Array;
}

export async function loadExportFiles(prisma: PrismaClient, exportId: string): Promise<LoadedExport> {
  const record = await prisma.export.findUnique({ where: { id: exportId } });
  if (!record) throw notFound(`Export ${exportId}`);
  const manifest = readStoredManifest(exportId, record.manifest);
  const expected = new Map(manifest.files.map((f) => [f.path, f.sha256]));
  const fileAt = (relative: string) => path.join(manifest.dir, ...relative.split("/"));
  const readRaw = (relative: string) => {
    try {
      return new Uint8Array(readFileSync(fileAt(relative)));
    } catch {
      throw notFound(`${relative} of export ${exportId} (folder ${manifest.dir})`);
    }
  };
  // task files are listed by the tasks manifest, itself pinned by the stored hash
  const tasksManifestBytes = readRaw(TASKS_MANIFEST_PATH);
  let tasks: { files: { path: string; sha256: string }[]; content_hash: string };
  try {
    tasks = JSON.parse(new TextDecoder().decode(tasksManifestBytes));
  } catch {
    throw new AppError(
      "integrity_error",
      `${TASKS_MANIFEST_PATH} changed on disk since it was exported (its sha256 no longer matches the manifest); export again.`,
      { file: TASKS_MANIFEST_PATH },
    );
  }
  if (tasks.content_hash !== manifest.tasks.content_hash || !Array.isArray(tasks.files))
    throw new AppError(
      "integrity_error",
      `${TASKS_MANIFEST_PATH} changed on disk since it was exported (its sha256 no longer matches the manifest); export again.`,
      { file: TASKS_MANIFEST_PATH },
    );
  for (const f of tasks.files) expected.set(f.path, f.sha256);
  const unpinned = new Set([MANIFEST_PATH, TASKS_MANIFEST_PATH]);
  return {
    manifest,
    paths: [...expected.keys(), ...unpinned].sort(),
    read(relative) {
      if (!expected.has(relative) && !unpinned.has(relative)) throw notFound(`${relative} in export ${exportId}`);
      const data = relative === TASKS_MANIFEST_PATH ? tasksManifestBytes : readRaw(relative);
      const want = expected.get(relative);
      if (want && sha256Hex(data) !== want)
        throw new AppError(
          "integrity_error",
          `${relative} changed on disk since it was exported (its sha256 no longer matches the manifest); export again.`,
          { file: relative },
        );
      if (relative === MANIFEST_PATH && JSON.parse(new TextDecoder().decode(data)).content_hash !== manifest.content_hash)
        throw new AppError(
          "integrity_error",
          `${relative} changed on disk since it was exported (its sha256 no longer matches the manifest); export again.`,
          { file: relative },
        );
      return data;
    },
  };
}

/** The export page's data: the record and its files, or what keeps them from being shown; null when there is no such export. */
export async function loadExportPage(prisma: PrismaClient, exportId: string) {
  const record = await prisma.export.findUnique({ where: { id: exportId } });
  if (!record) return null;
  try {
    return { record, files: await loadExportFiles(prisma, exportId) };
  } catch (e) {
    if (isAppError(e, "not_found") || isAppError(e, "conflict")) return { record, problem: e.message };
    throw e;
  }
}
