import { z } from "zod";
import { getPrisma } from "@/lib/db/server";
import { route } from "@/lib/http/route";
import { runTrajectoryFiles, trajectoryArchive } from "@/lib/judge/trajectory-export";

/** A run's trajectories as mini-swe-agent writes them (`<eval_id>.traj.json` per judged task), in one .tar.gz. */
export const GET = route({ roles: ["admin", "adjudicator"], params: z.object({ runId: z.string() }) }, async ({ params }) => {
  const { runName, files } = await runTrajectoryFiles(await getPrisma(), params.runId);
  const folder = `${runName}-trajectories`;
  return new Response(new Uint8Array(trajectoryArchive(folder, files)), {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${folder.replace(/[^A-Za-z0-9._-]+/g, "-")}.tar.gz"`,
      "Cache-Control": "private, no-store",
    },
  });
});
