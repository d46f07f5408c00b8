import { requireRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { errorResponse } from "@/lib/http/error-response";
import { loadExportFiles } from "@/lib/export/read-export-files";

const CONTENT_TYPES: Record<string, string> = {
  json: "application/json; charset=utf-8",
  jsonl: "application/jsonl; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  patch: "text/x-diff; charset=utf-8",
  sh: "text/x-shellscript; charset=utf-8",
  parquet: "application/vnd.apache.parquet",
};

/** One file of an export, only if its manifests list it (and its bytes still match). */
export async function GET(_request: Request, { params }: { params: Promise<{ exportId: string; path: string[] }> }) {
  try {
    await requireRole("admin");
    const { exportId, path } = await params;
    const relative = path.map(decodeURIComponent).join("/");
    const data = (await loadExportFiles(await getPrisma(), exportId)).read(relative);
    const name = relative.split("/").at(-1) ?? relative;
    return new Response(new Uint8Array(data), {
      headers: {
        "Content-Type": CONTENT_TYPES[name.split(".").pop() ?? ""] ?? "application/octet-stream",
        "Content-Disposition": `attachment; filename="${name.replace(/"/g, "")}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (e) {
    return errorResponse(e);
  }
}
