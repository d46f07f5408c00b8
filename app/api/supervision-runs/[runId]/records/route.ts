import { z } from "zod";
import { getPrisma } from "@/lib/db/server";
import { route } from "@/lib/http/route";
import { supervisionDataset } from "@/lib/teach/supervision-dataset";

/** The run's training records (this round merged with the earlier ones, deduplicated) as JSONL, or their manifest. */
export const GET = route(
  {
    roles: ["admin", "adjudicator"],
    params: z.object({ runId: z.string() }),
    query: z.object({ part: z.enum(["records", "manifest"]).default("records") }),
  },
  async ({ params, query }) => {
    const dataset = await supervisionDataset(await getPrisma(), params.runId);
    const name = `supervision-${params.runId.replace(/[^A-Za-z0-9_-]+/g, "-")}`;
    const manifest = query.part === "manifest";
    return new Response(manifest ? `${JSON.stringify(dataset.manifest, null, 2)}\n` : dataset.jsonl, {
      headers: {
        "Content-Type": manifest ? "application/json" : "application/jsonl",
        "Content-Disposition": `attachment; filename="${name}${manifest ? ".manifest.json" : ".jsonl"}"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
);
