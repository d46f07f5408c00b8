import { z } from "zod";
import { getPrisma } from "@/lib/db/server";
import { route } from "@/lib/http/route";
import { loadExportFiles } from "@/lib/export/read-export-files";

const CONTENT_TYPES: Record<string, string> = {
  json: "application/json; charset=utf-8",
  jsonl: "application/jsonl; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  patch: "text/x-diff; charset=utf-8",
  sh: "text/x-shellscript; charset=utf-8",
  parquet: "application/vnd.apache.parquet",
};

const ExportFilePathSchema = z.object({ exportId: z.string(), path: z.array(z.string()) });

/** One file of an export, only if its manifests list it (and its bytes still match). */
export const GET = route({ roles: ["admin"], params: ExportFilePathSchema }, async ({ params }) => {
  const relative = params.path.map(decodeURIComponent).join("/");
  const data = (await loadExportFiles(await getPrisma(), params.exportId)).read(relative);
  const name = relative.split("/").at(-1) ?? relative;
  return new Response(new Uint8Array(data), {
    headers: {
      "Content-Type": CONTENT_TYPES[name.split(".").pop() ?? ""] ?? "application/octet-stream",
      "Content-Disposition": `attachment; filename="${name.replace(/"/g, "")}"`,
      "Cache-Control": "private, no-store",
    },
  });
});
