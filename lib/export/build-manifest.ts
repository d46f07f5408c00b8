import { createHash } from "node:crypto";

// Content hashes in `sha256sum` form, so a copy of a release can be checked with standard tools
// and two exports compared by one hash.

export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

export const sha256Hex = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");

export function describeFiles(files: ReadonlyMap<string, Uint8Array>): ManifestFile[] {
  return [...files.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, data]) => ({ path, bytes: data.byteLength, sha256: sha256Hex(data) }));
}

/** sha256 of the `sha256sum` listing ("<hash>  <path>\n" per file, sorted by path). */
export function contentHashOf(files: readonly ManifestFile[]): string {
  return sha256Hex(files.map((f) => `${f.sha256}  ${f.path}\n`).join(""));
}
