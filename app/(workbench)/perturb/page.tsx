import Link from "next/link";
import { requirePageRole } from "@/lib/auth/current-user";
import { hasRole } from "@/lib/auth/roles";
import { getPrisma } from "@/lib/db/server";
import { listEligibleParents } from "@/lib/perturb/list-eligible-parents";
import { nextPendingPerturbation } from "@/lib/perturb/blind-verification";
import { listPerturbations } from "@/lib/perturb/list-perturbations";
import { perturbationCounts, PERTURBATION_KINDS, VERIFICATION_STATUSES } from "@/lib/perturb/perturbation-counts";
import { loadPerturbationTargets } from "@/lib/perturb/perturbation-targets";
import { loadRequiredVerifiers } from "@/lib/perturb/required-verifiers";
import { parentsWithKnownLabel } from "@/lib/perturb/parent-label-visibility";
import { counted, plural } from "@/lib/text/plural";
import { CountsTable } from "./counts-table";
import { TargetsForm } from "./targets-form";
import { YieldTable } from "./yield-table";
import { VerifierSettingForm } from "./verifier-setting-form";
import { KindBadge, StatusBadge, WordDiffView } from "./word-diff-view";
import { BidiText } from "@/app/_components/bidi-text";

type Search = { status?: string; kind?: string; order?: string };

function parseFilter<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value);
}

export default async function PerturbPage({ searchParams }: { searchParams: Promise<Search> }) {
  const user = await requirePageRole("admin", "adjudicator", "annotator");
  const prisma = await getPrisma();
  const search = await searchParams;
  const status = parseFilter(search.status ?? "pending", VERIFICATION_STATUSES);
  const kind = parseFilter(search.kind, PERTURBATION_KINDS);
  const order = parseFilter(search.order, PERTURBATION_KINDS);
  const canCreate = hasRole(user, "admin", "adjudicator");
  const [counts, required, queue, parents, nextPendingId, targets] = await Promise.all([
    perturbationCounts(prisma),
    loadRequiredVerifiers(prisma),
    listPerturbations(prisma, { viewerId: user.id, status, kind }),
    canCreate ? listEligibleParents(prisma, { orderFor: order }) : Promise.resolve([]),
    nextPendingPerturbation(prisma, { viewerId: user.id }),
    loadPerturbationTargets(prisma),
  ]);
  // a parent's own annotators never learn its final label here (lib/perturb/parent-label-visibility.ts)
  const known = await parentsWithKnownLabel(prisma, user, [
    ...queue.flatMap((r) => (r.parentId ? [r.parentId] : [])),
    ...parents.map((p) => p.id),
  ]);
  const shownParents = parents.filter((p) => known.has(p.id));
  const sayConfirmed = queue.every((r) => !r.parentId || known.has(r.parentId)) && shownParents.length === parents.length;
  const filterHref = (s: string | undefined) => `/perturb?${new URLSearchParams({ status: s ?? "all", ...(kind ? { kind } : {}) })}`;
  return (
    <div className="space-y-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">Perturbed negatives</h1>
        <p className="max-w-4xl text-sm text-slate-600">
          Natural untrustworthy comments are rare (65 of 829 in the paper), so hard negatives are made from{" "}
          {sayConfirmed ? "comments the experts confirmed trustworthy" : "labelled comments"}: a copy whose comment changes in one place
          (negation, symbol) or moves to another comment&apos;s file and hunk (location); the PR, patch and context stay the same. A copy
          counts as a negative only when {required} expert
          {required === 1 ? "" : "s"} all accept that it is technically incorrect; one rejection keeps it as lineage only.
        </p>
      </header>

      <section className="space-y-3">
        <CountsTable counts={counts} />
        <YieldTable counts={counts} targets={targets} />
        {hasRole(user, "admin") && <TargetsForm current={targets} />}
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
          <span data-testid="required-verifiers">
            Required verifiers: <span className="font-mono font-medium">{required}</span>
          </span>
          {hasRole(user, "admin") && <VerifierSettingForm current={required} />}
        </div>
      </section>

      <section className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 className="text-sm font-semibold uppercase text-slate-500">Verification queue</h2>
          {nextPendingId ? (
            <Link
              href={`/perturb/${nextPendingId}`}
              className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700"
              data-testid="verify-next-pending"
            >
              Verify the next pending →
            </Link>
          ) : (
            <span className="text-sm text-slate-600" data-testid="no-next-pending">
              Nothing is waiting for your vote.
            </span>
          )}
          <nav aria-label="Filter by status" className="flex gap-1 text-sm">
            {[...VERIFICATION_STATUSES, undefined].map((s) => (
              <Link
                key={s ?? "all"}
                href={filterHref(s)}
                className={`rounded-md px-2 py-1 ${status === s ? "bg-indigo-100 text-indigo-800" : "text-slate-600 hover:bg-slate-100"}`}
              >
                {s ?? "all"}
              </Link>
            ))}
          </nav>
        </div>
        {queue.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600" data-testid="queue-empty">
            {status === "pending"
              ? canCreate
                ? "Nothing waits for verification. Generate candidates from a confirmed-trustworthy comment below."
                : "Nothing waits for verification. An admin or adjudicator creates perturbations from confirmed-trustworthy comments."
              : "No perturbation matches this filter."}
          </p>
        ) : (
          <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm" data-testid="verification-queue">
            <thead className="bg-slate-50 text-left text-slate-500">
              <tr>
                <th className="px-3 py-2">Kind</th>
                <th className="px-3 py-2">Repository · PR</th>
                <th className="px-3 py-2">Change</th>
                <th className="px-3 py-2">Progress</th>
                <th className="px-3 py-2">You</th>
                <th className="px-3 py-2" />
              </tr>
            </thead>
            <tbody>
              {queue.map((row) => (
                <tr
                  key={row.id}
                  className="border-t border-slate-100 align-top"
                  data-testid="queue-row"
                  data-kind={row.kind}
                  data-status={row.verification}
                >
                  <td className="px-3 py-2">
                    <KindBadge kind={row.kind} />
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">
                    {row.repo}#{row.pullNumber}
                  </td>
                  <td className="max-w-xl px-3 py-2">
                    {row.kind === "location" ? (
                      <p className="font-mono text-xs">
                        <del className="bg-rose-100 text-rose-900">
                          <BidiText text={row.original.path ?? ""} />
                        </del>{" "}
                        →{" "}
                        <ins className="bg-emerald-100 text-emerald-900 no-underline">
                          <BidiText text={row.perturbed.path ?? ""} />
                        </ins>
                      </p>
                    ) : (
                      <WordDiffView segments={row.diff} className="line-clamp-3" />
                    )}
                  </td>
                  <td className="px-3 py-2 text-xs">
                    <StatusBadge status={row.verification} />
                    <p className="mt-1 text-slate-600" data-testid="progress">
                      {row.accepted === null ? "votes hidden until you vote" : `${row.accepted} of ${row.required} verifiers accepted`}
                    </p>
                  </td>
                  <td className="px-3 py-2 text-xs">{row.viewerDecision ?? "–"}</td>
                  <td className="px-3 py-2 text-right">
                    <Link href={`/perturb/${row.id}`} className="text-indigo-700 hover:underline" data-testid="review-link">
                      {row.verification === "pending" && !row.viewerDecision && !row.viewerIsCreator ? "Verify" : "Open"}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {canCreate && (
        <section className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 className="text-sm font-semibold uppercase text-slate-500">Confirmed-trustworthy comments (eligible parents)</h2>
            <nav aria-label="Order the parents" className="flex gap-1 text-sm" data-testid="parent-order">
              <span className="px-1 text-slate-500">Best first for:</span>
              {[undefined, ...PERTURBATION_KINDS].map((k) => (
                <Link
                  key={k ?? "listed"}
                  href={`/perturb?${new URLSearchParams({ ...(search.status ? { status: search.status } : {}), ...(k ? { order: k } : {}) })}`}
                  className={`rounded-md px-2 py-1 ${order === k ? "bg-indigo-100 text-indigo-800" : "text-slate-600 hover:bg-slate-100"}`}
                >
                  {k ?? "pull request order"}
                </Link>
              ))}
            </nav>
          </div>
          {order && (
            <p className="text-xs text-slate-600">
              Ordered by how likely each comment is to yield an accepted {order} negative: candidates the critic passed first, then other
              candidates, then comments not asked yet, then those whose offer held nothing; comments that already have a {order}{" "}
              perturbation last.
            </p>
          )}
          {shownParents.length < parents.length && (
            <p className="text-sm text-slate-600" data-testid="parents-withheld">
              {counted(parents.length - shownParents.length, "comment")} you annotated{" "}
              {plural(parents.length - shownParents.length, "is", "are")} not listed: a final label is kept from its annotators. Another
              lead makes perturbations from {plural(parents.length - shownParents.length, "it", "them")}.
            </p>
          )}
          {parents.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600" data-testid="parents-empty">
              No comment is labelled trustworthy yet. Perturbations are made only from comments the experts confirmed trustworthy (paper
              §2): label instances in{" "}
              <Link href="/annotate" className="text-indigo-700 underline">
                Annotate
              </Link>{" "}
              first.
            </p>
          ) : (
            shownParents.length > 0 && (
              <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm" data-testid="eligible-parents">
                <thead className="bg-slate-50 text-left text-slate-500">
                  <tr>
                    <th className="px-3 py-2">Repository · PR</th>
                    <th className="px-3 py-2">Comment</th>
                    <th className="px-3 py-2">Where</th>
                    <th className="px-3 py-2 text-right">Perturbations</th>
                    <th className="px-3 py-2" />
                  </tr>
                </thead>
                <tbody>
                  {shownParents.map((p) => (
                    <tr key={p.id} className="border-t border-slate-100 align-top" data-testid="parent-row">
                      <td className="px-3 py-2 font-mono text-xs">
                        {p.repo}#{p.pullNumber}
                      </td>
                      <td className="max-w-xl px-3 py-2">
                        <p className="line-clamp-2">
                          <BidiText text={p.body} />
                        </p>
                      </td>
                      <td className="px-3 py-2 font-mono text-xs">{p.path ?? `${p.commentKind} (PR-level)`}</td>
                      <td className="px-3 py-2 text-right font-mono text-xs">
                        {PERTURBATION_KINDS.map((k) => `${k[0].toUpperCase()}${p.perturbations[k]}`).join(" · ")}
                        {order && (
                          <span className="block text-slate-500" data-testid="parent-offer">
                            {p.offers[order] === null
                              ? "not asked yet"
                              : `${p.offers[order]?.offered ?? 0} offered${p.offers[order]?.fromModel ? `, ${p.offers[order]?.fromModel} passed the critic` : ""}`}
                          </span>
                        )}
                      </td>
                      <td className="px-3 py-2 text-right">
                        <Link
                          href={`/perturb/generate/${p.id}`}
                          className="whitespace-nowrap text-indigo-700 hover:underline"
                          data-testid="generate-link"
                        >
                          Generate candidates
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          )}
        </section>
      )}
    </div>
  );
}
