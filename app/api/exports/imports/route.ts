import { z } from "zod";
import { getPrisma } from "@/lib/db/server";
import { config } from "@/lib/config";
import { readLimitedForm } from "@/lib/http/read-limited-text";
import { route } from "@/lib/http/route";
import { importReleasedDataset } from "@/lib/export/import-released-dataset";
import { parquetToJsonl } from "@/lib/export/read-parquet-rows";

// Uploads go through a route handler, not a server action: a released split is tens of megabytes,
// past the server-action body limit. The proxy leaves it alone (proxy.ts) so the body streams under
// MAX_IMPORT_BYTES instead of being buffered first; so the route runs the origin guard itself.
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;
const ImportRequestSchema = z.object({
  split: z.enum(["from-name", "none", "train", "validation", "test"]),
  files: z
    .array(z.instanceof(File))
    .min(1, "Choose at least one .jsonl or .parquet file")
    .refine((files) => files.every((f) => /\.(jsonl|parquet)$/i.test(f.name)), "Only .jsonl and .parquet files can be imported"),
});

/** multipart: files (one or more released-format .jsonl, or the Hub's .parquet of a split) and split (from-name | none | train | validation | test) */
export const POST = route({ roles: ["admin"] }, async ({ user, request }) => {
  // multipart, read under its own limit: route() parses JSON bodies only
  const form = await readLimitedForm(
    request,
    MAX_IMPORT_BYTES,
    "Send the files as a multipart form (fields files and split) with its boundary.",
  );
  const input = ImportRequestSchema.parse({ split: form.get("split") ?? "from-name", files: form.getAll("files") });
  const files = await Promise.all(
    input.files.map(async (f) => ({
      name: f.name,
      text: /\.parquet$/i.test(f.name) ? await parquetToJsonl(new Uint8Array(await f.arrayBuffer()), f.name) : await f.text(),
      ...(input.split === "from-name" ? {} : { split: input.split === "none" ? null : input.split }),
    })),
  );
  return importReleasedDataset(await getPrisma(), files, { actorId: user.id, maxLineBytes: config().IMPORT_MAX_LINE_MB * 1024 * 1024 });
});
