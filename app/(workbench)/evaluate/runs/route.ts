// POST /evaluate/runs: multipart upload of a judge's predictions (one JSONL, or trajectory files).
// A route handler rather than a server action: trajectory sets pass server actions' 1 MB body limit.
import { z } from "zod";
import { getPrisma } from "@/lib/db/server";
import { SplitNameSchema } from "@/lib/db/enums";
import { decodePredictionFile } from "@/lib/evaluate/decode-prediction-file";
import { recordEvalRun, RunNameSchema } from "@/lib/evaluate/record-eval-run";
import { readLimitedForm } from "@/lib/http/read-limited-text";
import { route } from "@/lib/http/route";

const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

const UploadRequestSchema = z.object({
  exportId: z.string().min(1, "Choose an export"),
  split: SplitNameSchema,
  name: RunNameSchema,
  files: z
    .array(z.instanceof(File))
    .min(1, "Choose a predictions JSONL or one or more trajectory files")
    .refine(
      (files) => files.reduce((sum, file) => sum + file.size, 0) <= MAX_UPLOAD_BYTES,
      "The upload is over 100 MB; use the CLI (scripts/evaluate.ts) for larger runs",
    ),
});

// the proxy leaves this upload alone so its body streams under the limit below (proxy.ts): so the route runs the origin guard itself
export const POST = route({ roles: ["admin"], status: 201 }, async ({ user, request }) => {
  // the limit holds while the upload streams in (a little over the files' limit for the form's own fields)
  const form = await readLimitedForm(
    request,
    MAX_UPLOAD_BYTES + 1024 * 1024,
    "Send the predictions as a multipart form (fields exportId, split, name, files).",
  );
  const input = UploadRequestSchema.parse({
    exportId: form.get("exportId"),
    split: form.get("split"),
    name: form.get("name"),
    files: form.getAll("files").filter((file) => file instanceof File && file.size + file.name.length > 0),
  });
  const files = await Promise.all(
    input.files.map(async (file) => decodePredictionFile(file.name, new Uint8Array(await file.arrayBuffer()))),
  );
  const run = await recordEvalRun(await getPrisma(), { ...input, files }, { actorId: user.id });
  return { id: run.id, name: run.name, exportId: run.exportId, split: run.split, accuracy: run.report.metrics.accuracy };
});
