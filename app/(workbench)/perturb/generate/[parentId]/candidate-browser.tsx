"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { PerturbationKind } from "@/lib/perturb/candidate-schema";
import { mergeProposals, type WithheldProposal } from "@/lib/perturb/merge-proposals";
import type { ProposedCandidate } from "@/lib/perturb/proposed-candidate";
import { perturbationKeys } from "@/lib/perturb/query-keys";
import { perturbationApi } from "../../perturbation-api";
import { HunkView, KindBadge, WordDiffView } from "../../word-diff-view";
import { BidiText } from "@/app/_components/bidi-text";

const KINDS: { kind: PerturbationKind; label: string; help: string }[] = [
  { kind: "negation", label: "Negation", help: 'Reverse one affirmative or negative expression ("are not used" → "are used").' },
  {
    kind: "symbol",
    label: "Symbol",
    help: "Swap one referenced code element, keeping the wording (test_nanmedian → test_nanmedian_impl).",
  },
  { kind: "location", label: "Location", help: "Keep the text, move it to another review comment's file and hunk in the same PR." },
];

export function CandidateBrowser({ parentId, llmConfigured }: { parentId: string; llmConfigured: boolean }) {
  const [kind, setKind] = useState<PerturbationKind>("negation");
  const [askLlm, setAskLlm] = useState<Record<PerturbationKind, boolean>>({ negation: false, symbol: false, location: false });
  const queryClient = useQueryClient();
  const rules = useQuery({
    queryKey: perturbationKeys.proposals(parentId, kind, "rule"),
    queryFn: () => perturbationApi.proposals(parentId, kind, "rule"),
  });
  const llm = useQuery({
    queryKey: perturbationKeys.proposals(parentId, kind, "llm"),
    queryFn: () => perturbationApi.proposals(parentId, kind, "llm"),
    enabled: askLlm[kind] && kind !== "location",
    retry: false,
    staleTime: Infinity,
  });
  const counts = Object.fromEntries(
    KINDS.map(({ kind: k }) => [k, queryClient.getQueryData<{ total: number }>(perturbationKeys.proposals(parentId, k, "rule"))?.total]),
  );
  const help = KINDS.find((k) => k.kind === kind)?.help ?? "";
  // One ranking: the rules' candidates and, once asked for, the model's that passed the same checks.
  const shown = mergeProposals(rules.data?.candidates ?? [], askLlm[kind] ? (llm.data?.candidates ?? []) : []);
  return (
    <section className="space-y-4" data-testid="candidate-browser">
      <div role="tablist" aria-label="Perturbation kind" className="flex gap-1 border-b border-slate-200">
        {KINDS.map(({ kind: k, label }) => (
          <button
            type="button"
            key={k}
            role="tab"
            aria-selected={k === kind}
            onClick={() => setKind(k)}
            data-testid={`kind-tab-${k}`}
            className={`-mb-px rounded-t-md border px-3 py-1.5 text-sm ${k === kind ? "border-slate-200 border-b-white bg-white font-medium" : "border-transparent text-slate-600 hover:bg-slate-100"}`}
          >
            {label}
            {counts[k] !== undefined && <span className="ml-1.5 font-mono text-xs text-slate-500">{counts[k]}</span>}
          </button>
        ))}
      </div>
      <p className="text-sm text-slate-600">{help}</p>
      {rules.isPending && <p className="text-sm text-slate-500">Generating candidates…</p>}
      {rules.isError && (
        <p role="alert" className="text-sm text-rose-700">
          {rules.error.message}
        </p>
      )}
      {rules.data && (
        <>
          {rules.data.symbols && (
            <p
              className={`rounded-md px-3 py-2 text-xs ${rules.data.symbols.fromRepository ? "bg-slate-100 text-slate-700" : "bg-amber-50 text-amber-900"}`}
              data-testid="symbols-note"
            >
              <BidiText text={rules.data.symbols.note} /> · {rules.data.symbols.count.toLocaleString("en-US")} names
            </p>
          )}
          {shown.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600" data-testid="no-candidates">
              {rules.data.reason ?? "The generator found nothing to change in this comment."}
            </p>
          ) : (
            <ol className="space-y-3">
              {shown.map((c, i) => (
                <CandidateCard key={c.key} candidate={c} rank={i + 1} parentId={parentId} />
              ))}
            </ol>
          )}
          <WithheldList withheld={rules.data.withheld} source="rules" />
          {rules.data.total > rules.data.candidates.length && (
            <p className="text-xs text-slate-500">
              Showing the best {rules.data.candidates.length} of {rules.data.total} candidates.
            </p>
          )}
        </>
      )}
      {kind !== "location" && (
        <div className="space-y-3 border-t border-slate-200 pt-4">
          <div className="flex items-center gap-3">
            <h3 className="text-sm font-semibold text-slate-700">LLM proposals</h3>
            {llmConfigured ? (
              <button
                type="button"
                onClick={() => setAskLlm((a) => ({ ...a, [kind]: true }))}
                disabled={askLlm[kind]}
                className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-50 disabled:opacity-50"
                data-testid="ask-llm"
              >
                Ask the LLM for {kind} edits
              </button>
            ) : (
              <span className="text-xs text-slate-500">
                No LLM configured (set LLM_BASE_URL and LLM_MODEL); the rule candidates above do not need one.
              </span>
            )}
          </div>
          {llm.isFetching && <p className="text-sm text-slate-500">Asking the model…</p>}
          {llm.isError && (
            <p role="alert" className="text-sm text-rose-700">
              {llm.error.message}
            </p>
          )}
          {llm.data &&
            (llm.data.candidates.length === 0 ? (
              <p className="text-sm text-slate-600" data-testid="llm-status">
                <BidiText text={llm.data.reason ?? ""} />
              </p>
            ) : (
              <p className="text-xs text-slate-500" data-testid="llm-status">
                {llm.data.candidates.length} proposal{llm.data.candidates.length === 1 ? "" : "s"} from {llm.data.model}
                {llm.data.cached ? " (cached answer)" : ""} passed the same checks as the rules&apos; candidates and are ranked with them
                above, marked LLM.
              </p>
            ))}
          {llm.data && <WithheldList withheld={llm.data.withheld} source="the model" />}
        </div>
      )}
    </section>
  );
}

function CandidateCard({ candidate: c, rank, parentId }: { candidate: ProposedCandidate; rank: number; parentId: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () =>
      perturbationApi.create({
        parentId,
        kind: c.kind,
        candidate: { perturbed: c.perturbed, origin: c.origin, rule: c.rule, rationale: c.rationale },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: perturbationKeys.parentProposals(parentId) });
      router.refresh();
    },
  });
  const createdId = create.data?.id ?? c.existingInstanceId;
  return (
    <li
      className="rounded-lg border border-slate-200 bg-white p-3"
      data-testid="candidate"
      data-key={c.key}
      data-kind={c.kind}
      data-origin={c.origin}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2 text-xs">
        <span className="font-mono text-slate-500">#{rank}</span>
        <KindBadge kind={c.kind} />
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">
          {c.origin === "llm" ? "LLM" : "rule"} · {c.rule}
        </span>
        {c.existsInRepository !== null && (
          <span
            className={`rounded px-1.5 py-0.5 ${c.existsInRepository ? "bg-indigo-100 text-indigo-800" : "bg-slate-100 text-slate-600"}`}
            data-testid="exists-badge"
          >
            {c.existsInRepository ? "exists in repository" : "invented name"}
          </span>
        )}
        {c.sameFile !== null && (
          <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600">{c.sameFile ? "same file, other hunk" : "other file"}</span>
        )}
        <span
          className={`rounded px-1.5 py-0.5 ${c.selfCheck.ok ? "bg-emerald-50 text-emerald-800" : "bg-rose-50 text-rose-800"}`}
          data-testid="self-check"
        >
          {c.selfCheck.ok ? "✓ self-check" : "✗ self-check"}: <BidiText text={c.selfCheck.reason} />
        </span>
        <span className="ml-auto font-mono text-slate-500">score {c.score}</span>
      </div>
      {c.kind === "location" ? (
        <div className="space-y-2">
          <WordDiffView segments={c.diff} className="font-mono text-xs" />
          <HunkView hunk={c.perturbed.diffHunk} />
        </div>
      ) : (
        <WordDiffView segments={c.diff} />
      )}
      <p className="mt-2 text-xs text-slate-500">
        <BidiText text={c.rationale} />
      </p>
      <div className="mt-2 flex items-center gap-3">
        {createdId ? (
          <Link href={`/perturb/${createdId}`} className="text-sm text-indigo-700 hover:underline" data-testid="created-link">
            {create.data ? "Created: open the verification view →" : "Already created: open →"}
          </Link>
        ) : (
          <button
            type="button"
            onClick={() => create.mutate()}
            disabled={!c.selfCheck.ok || create.isPending}
            data-testid="create-candidate"
            className="rounded-md bg-indigo-600 px-3 py-1 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
          >
            {create.isPending ? "Creating…" : "Create perturbation"}
          </button>
        )}
        {create.isError && (
          <span role="alert" className="text-sm text-rose-700">
            {create.error.message}
          </span>
        )}
      </div>
    </li>
  );
}

/** Proposals that failed the checks: never candidates, but listed with why, so nothing is dropped unseen. */
function WithheldList({ withheld, source }: { withheld: WithheldProposal[] | undefined; source: string }) {
  if (!withheld || withheld.length === 0) return null;
  return (
    <details className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs text-slate-600" data-testid="withheld">
      <summary className="cursor-pointer">
        {withheld.length} proposal{withheld.length === 1 ? "" : "s"} from {source} withheld: they failed the checks
      </summary>
      <ul className="mt-2 space-y-1">
        {withheld.map((w) => (
          <li key={w.key}>
            <span className="text-slate-800">
              <BidiText text={w.text} />
            </span>{" "}
            — <BidiText text={w.reason} />
          </li>
        ))}
      </ul>
    </details>
  );
}
