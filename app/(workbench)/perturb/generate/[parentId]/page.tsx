import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Markdown } from "@/app/_components/markdown";
import { requirePageRole } from "@/lib/auth/current-user";
import { config, integrationStatus } from "@/lib/config";
import { getPrisma } from "@/lib/db/server";
import { listPerturbationsOf } from "@/lib/perturb/list-perturbations";
import { loadPerturbationParent } from "@/lib/perturb/load-perturbation-parent";
import { PERTURBATION_KINDS } from "@/lib/perturb/perturbation-counts";
import { isAppError } from "@/lib/errors";
import { proposePerturbations } from "@/lib/perturb/propose-perturbations";
import { perturbationKeys } from "@/lib/perturb/query-keys";
import { HunkView, KindBadge, StatusBadge } from "../../word-diff-view";
import { CandidateBrowser } from "./candidate-browser";
import { BidiText } from "@/app/_components/bidi-text";

export default async function GeneratePage({ params }: { params: Promise<{ parentId: string }> }) {
  await requirePageRole("admin", "adjudicator");
  const { parentId } = await params;
  const prisma = await getPrisma();
  let parent: Awaited<ReturnType<typeof loadPerturbationParent>>;
  try {
    parent = await loadPerturbationParent(prisma, parentId);
  } catch (e) {
    if (isAppError(e, "not_found")) notFound();
    if (isAppError(e)) {
      return (
        <div className="mx-auto max-w-2xl rounded-lg border border-amber-300 bg-white p-6" data-testid="not-eligible">
          <h1 className="text-lg font-semibold">This instance cannot be perturbed</h1>
          <p className="mt-2 text-sm text-slate-700">{e.message}</p>
          <Link href="/perturb" className="mt-3 inline-block text-sm text-indigo-700 underline">
            Back to the eligible comments
          </Link>
        </div>
      );
    }
    throw e;
  }
  const settings = config();
  const llmConfigured = integrationStatus(settings).perturbLlm;
  const queryClient = new QueryClient();
  // Without a model the rules answer at once, so the page arrives with them; a model's offer (its
  // proposals and the critic's calls) is fetched by the browser, which says it is asking.
  if (!llmConfigured) {
    await Promise.all(
      PERTURBATION_KINDS.map((kind) =>
        queryClient.prefetchQuery({
          queryKey: perturbationKeys.proposals(parentId, kind),
          queryFn: () => proposePerturbations(prisma, parentId, kind, { mirrorsDir: settings.MIRRORS_DIR }),
        }),
      ),
    );
  }
  const existing = await listPerturbationsOf(prisma, parentId);
  const { comment, pullRequest: pr } = parent;
  return (
    <div className="space-y-6">
      <nav className="text-sm">
        <Link href="/perturb" className="text-indigo-700 hover:underline">
          ← Perturbed negatives
        </Link>
      </nav>
      <header>
        <p className="font-mono text-xs text-slate-500">
          {pr.repo} · #{pr.number} · base {pr.baseSha.slice(0, 7)}
        </p>
        <h1 className="text-xl font-semibold">
          <BidiText text={pr.title} />
        </h1>
      </header>
      <div className="grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <aside className="space-y-4 lg:sticky lg:top-4 lg:self-start">
          <section className="rounded-lg border-2 border-emerald-300 bg-white p-4" data-testid="original-comment">
            <h2 className="mb-1 text-xs font-semibold uppercase text-emerald-700">Confirmed trustworthy</h2>
            <p className="mb-2 font-mono text-xs text-slate-500">
              {comment.kind} by {comment.author ?? "(deleted account)"}
              {comment.path ? ` on ${comment.path}` : " (PR-level)"}
            </p>
            <Markdown text={comment.body} />
            {comment.diffHunk && (
              <div className="mt-3">
                <HunkView hunk={comment.diffHunk} />
              </div>
            )}
          </section>
          <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
            <h2 className="mb-2 text-xs font-semibold uppercase text-slate-500">Already created from this comment</h2>
            {existing.length === 0 ? (
              <p className="text-slate-600">None yet.</p>
            ) : (
              <ul className="space-y-2" data-testid="existing-perturbations">
                {existing.map((e) => (
                  <li key={e.id} className="flex flex-wrap items-center gap-2">
                    {e.perturbationKind && <KindBadge kind={e.perturbationKind} />}
                    <StatusBadge status={e.verification ?? "pending"} />
                    <Link href={`/perturb/${e.id}`} className="text-indigo-700 hover:underline">
                      open
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </aside>
        <HydrationBoundary state={dehydrate(queryClient)}>
          <CandidateBrowser
            parentId={parentId}
            original={{ body: comment.body, path: comment.path, diffHunk: comment.diffHunk }}
            llmConfigured={llmConfigured}
          />
        </HydrationBoundary>
      </div>
    </div>
  );
}
