// One layout for local git mirrors, shared by ingestion (which fetches into it) and the
// repository browser and symbol index (which read from it): `<MIRRORS_DIR>/<owner>__<name>.git`,
// bare. GitHub owners cannot contain `_`, so the double underscore never makes two names collide.
// Ingestion used to fetch into `<MIRRORS_DIR>/<owner>/<name>.git`; such a mirror is moved to the
// one layout the first time it is located.
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync } from "node:fs";
import path from "node:path";
import { AppError } from "@/lib/errors";
import type { Mirror } from "./git-command";

// GitHub owner and repository names: letters, digits, '-', '_' and '.' (never "." or ".." alone);
// owners never start with '.' or '-', names never with '-'.
const NAME_PART = /^[A-Za-z0-9_.-]+$/;

function nameParts(fullName: string): [string, string] {
  const parts = fullName.split("/");
  const [owner, name] = parts;
  const valid =
    parts.length === 2 &&
    owner !== undefined &&
    name !== undefined &&
    parts.every((p) => NAME_PART.test(p) && p !== "." && p !== "..") &&
    !/^[.-]/.test(owner) &&
    !name.startsWith("-");
  if (!valid || owner === undefined || name === undefined) {
    throw new AppError("invalid_input", `"${fullName}" is not an owner/name repository name.`, { fullName });
  }
  return [owner, name];
}

export function mirrorPathFor(mirrorsDir: string, fullName: string): string {
  const [owner, name] = nameParts(fullName);
  return path.join(mirrorsDir, `${owner}__${name}.git`);
}

/** Where ingestion fetched before the layouts were one. */
export function legacyMirrorPathFor(mirrorsDir: string, fullName: string): string {
  const [owner, name] = nameParts(fullName);
  return path.join(mirrorsDir, owner, `${name}.git`);
}

/** The mirror's git directory (which may not exist yet); moves a mirror found at the legacy layout. */
export function locateMirror(mirrorsDir: string, fullName: string): string {
  const gitDir = mirrorPathFor(mirrorsDir, fullName);
  if (existsSync(gitDir)) return gitDir;
  const legacy = legacyMirrorPathFor(mirrorsDir, fullName);
  if (!existsSync(path.join(legacy, "HEAD"))) return gitDir;
  mkdirSync(mirrorsDir, { recursive: true });
  try {
    renameSync(legacy, gitDir);
    console.warn(`[repo] moved the mirror of ${fullName} from ${legacy} to ${gitDir} (one mirror layout, <owner>__<name>.git)`);
  } catch (e) {
    // another process moved it first
    if (!existsSync(gitDir)) throw e;
  }
  const ownerDir = path.dirname(legacy);
  if (existsSync(ownerDir) && readdirSync(ownerDir).length === 0) rmdirSync(ownerDir);
  return gitDir;
}

/** A mirror to read from; mirror_missing when ingestion has not fetched the repository. */
export function openMirror(mirrorsDir: string, fullName: string): Mirror {
  const gitDir = locateMirror(mirrorsDir, fullName);
  if (!existsSync(gitDir)) {
    throw new AppError(
      "mirror_missing",
      `No local mirror of ${fullName} (expected a bare repository at ${gitDir}); ingestion fetches it.`,
      { fullName, gitDir },
    );
  }
  return { fullName, gitDir };
}
