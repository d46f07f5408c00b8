import Link from "next/link";
import { requirePageRole } from "@/lib/auth/current-user";
import { hasRole } from "@/lib/auth/roles";
import { getPrisma } from "@/lib/db/server";

export default async function AnnotateQueuePage() {
  const user = await requirePageRole("annotator", "adjudicator", "admin");
  const prisma = await getPrisma();
  const everything = hasRole(user, "admin", "adjudicator");
  // Annotators see the instances assigned to them; leads see every instance.
  const instances = await prisma.instance.findMany({
    where: everything ? { source: "human" } : { assignments: { some: { annotatorId: user.id } } },
    include: { targetEntry: true, pullRequest: { include: { repository: true } } },
    orderBy: [{ pullRequest: { number: "asc" } }, { targetEntry: { createdAt: "asc" } }],
    take: 500,
  });
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{everything ? "All instances" : "My queue"}</h1>
      {instances.length === 0 ? (
        <p className="text-slate-600">Nothing assigned to you yet.</p>
      ) : (
        <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm">
          <thead className="bg-slate-50 text-left text-slate-500">
            <tr><th className="px-3 py-2">Repository · PR</th><th className="px-3 py-2">Comment</th><th className="px-3 py-2">Kind</th><th className="px-3 py-2">Stage</th></tr>
          </thead>
          <tbody>
            {instances.map((i) => (
              <tr key={i.id} className="border-t border-slate-100 hover:bg-slate-50">
                <td className="px-3 py-2 font-mono text-xs">{i.pullRequest.repository.fullName}#{i.pullRequest.number}</td>
                <td className="max-w-xl truncate px-3 py-2">
                  <Link href={`/annotate/${i.id}`} className="text-indigo-700 hover:underline" data-testid="instance-link">
                    {(i.perturbedBody ?? i.targetEntry.body).slice(0, 140)}
                  </Link>
                </td>
                <td className="px-3 py-2 text-xs">{i.targetEntry.kind}</td>
                <td className="px-3 py-2 text-xs">{i.stage.replace("_", " ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
