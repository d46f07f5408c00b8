import { requireRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { errorResponse } from "@/lib/http/error-response";
import { runTrajectoryFiles, trajectoryArchive } from "@/lib/judge/trajectory-export";

/** A run's trajectories as mini-swe-agent writes them (`<eval_id>.traj.json` per judged task), in one .tar.gz. */
export async function GET(_request: Request, { params }: { params: Promise<{ runId: string }> }) {
  try {
    await requireRole("admin", "adjudicator");
    const { runId } = await params;
    const { runName, files } = await runTrajectoryFiles(await getPrisma(), runId);
    const folder = `${runName}-trajectories`;
    return new Response(new Uint8Array(trajectoryArchive(folder, files)), {
      headers: {
        "Content-Type": "application/gzip",
        "Content-Disposition": `attachment; filename="${folder.replace(/[^A-Za-z0-9._-]+/g, "-")}.tar.gz"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (e) {
    return errorResponse(e);
  }
}
