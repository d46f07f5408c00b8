// One layout for local git mirrors, shared by ingestion (which fetches into it) and the
// repository browser (which reads from it): `<MIRRORS_DIR>/<owner>__<name>.git`, bare.
import path from "node:path";

// GitHub owner and repository names: letters, digits, '-', '_' and '.' (never "." or ".." alone).
const NAME_PART = /^[A-Za-z0-9_.-]+$/;

export class InvalidRepositoryNameError extends Error {
  constructor(readonly fullName: string) {
    super(`"${fullName}" is not an owner/name repository name.`);
    this.name = "InvalidRepositoryNameError";
  }
}

export function mirrorPathFor(mirrorsDir: string, fullName: string): string {
  const parts = fullName.split("/");
  if (parts.length !== 2 || parts.some((p) => !NAME_PART.test(p) || p === "." || p === ".."))
    throw new InvalidRepositoryNameError(fullName);
  return path.join(mirrorsDir, `${parts[0]}__${parts[1]}.git`);
}
