"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { PerturbationKind } from "@/lib/perturb/candidate-schema";
import type { WithheldProposal } from "@/lib/perturb/generators/candidate-generator";
import type { CandidateOrigin, PerturbedComment, ProposedCandidate } from "@/lib/perturb/proposed-candidate";
import { perturbationKeys } from "@/lib/perturb/query-keys";
import { perturbationApi } from "../../perturbation-api";
import { HunkView, KindBadge, WordDiffView } from "../../word-diff-view";
import { BidiText } from "@/app/_components/bidi-text";
import { ruleInWords } from "@/lib/perturb/rule-words";

const KINDS: { kind: PerturbationKind; label: string; help: string }[] = [
  { kind: "negation", label: "Negation", help: 'Reverse one claim the comment makes about the code ("are not used" → "are used").' },
  {
    kind: "symbol",
    label: "Symbol",
    help: "Swap one referenced code element for another name of the code, keeping the wording (test_nanmedian → test_nanmedian_impl).",
  },
  { kind: "location", label: "Location", help: "Keep the text, move it to another review comment's file and hunk in the same PR." },
];

const ORIGIN_LABEL: Record<CandidateOrigin, string> = { llm: "model", rule: "rule", expert: "expert" };

export function CandidateBrowser({
  parentId,
  original,
  llmConfigured,
}: {
  parentId: string;
  /** the confirmed comment: an expert's own candidate starts from its text and keeps its place */
  original: PerturbedComment;
  llmConfigured: boolean;
}) {
  const [kind, setKind] = useState<PerturbationKind>("negation");
  const queryClient = useQueryClient();
  const offer = useQuery({
    queryKey: perturbationKeys.proposals(parentId, kind),
    queryFn: () => perturbationApi.proposals(parentId, kind),
    retry: false,
    staleTime: llmConfigured ? Number.POSITIVE_INFINITY : 0,
  });
  const counts = Object.fromEntries(
    KINDS.map(({ kind: k }) => [k, queryClient.getQueryData<{ total: number }>(perturbationKeys.proposals(parentId, k))?.total]),
  );
  const help = KINDS.find((k) => k.kind === kind)?.help ?? "";
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
      <p className="text-xs text-slate-500" data-testid="offer-source">
        {llmConfigured
          ? "The model proposes and a second model call (the critic) checks each proposal; the rules' candidates follow the model's."
          : "No model is configured (set PERTURB_LLM_BASE_URL and PERTURB_LLM_MODEL, or LLM_BASE_URL and LLM_MODEL): the candidates below are the rules' only."}
      </p>
      {offer.isPending && (
        <p className="text-sm text-slate-500">{llmConfigured ? "Asking the model and its critic…" : "Generating candidates…"}</p>
      )}
      {offer.isError && (
        <p role="alert" className="text-sm text-rose-700">
          {offer.error.message}
        </p>
      )}
      {offer.data && (
        <>
          {offer.data.failures.map((f) => (
            <p key={f} role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="generator-failure">
              {f}
            </p>
          ))}
          {offer.data.symbols && (
            <p
              className={`rounded-md px-3 py-2 text-xs ${offer.data.symbols.fromRepository ? "bg-slate-100 text-slate-700" : "bg-amber-50 text-amber-900"}`}
              data-testid="symbols-note"
            >
              <BidiText text={offer.data.symbols.note} /> · {offer.data.symbols.count.toLocaleString("en-US")} names
            </p>
          )}
          {offer.data.candidates.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600" data-testid="no-candidates">
              {offer.data.reason ?? "Nothing to offer for this comment."}
            </p>
          ) : (
            <ol className="space-y-3">
              {offer.data.candidates.map((c, i) => (
                <CandidateCard key={c.key} candidate={c} rank={i + 1} parentId={parentId} />
              ))}
            </ol>
          )}
          <WithheldList withheld={offer.data.withheld} />
          {offer.data.total > offer.data.candidates.length && (
            <p className="text-xs text-slate-500">
              Showing the best {offer.data.candidates.length} of {offer.data.total} candidates.
            </p>
          )}
        </>
      )}
      {kind !== "location" && <ExpertCandidateForm key={kind} parentId={parentId} kind={kind} start={original.body} place={original} />}
    </section>
  );
}

/** Creates a perturbation and refreshes the page's lists; the server runs the same self-check whoever wrote it. */
function useCreate(parentId: string) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      kind: PerturbationKind;
      perturbed: PerturbedComment;
      origin: CandidateOrigin;
      rule: string;
      rationale: string;
    }) =>
      perturbationApi.create({
        parentId,
        kind: input.kind,
        candidate: { perturbed: input.perturbed, origin: input.origin, rule: input.rule, rationale: input.rationale },
      }),
    // the created link shows at once; the offers (now marking this edit as created) refresh behind it
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: perturbationKeys.parentProposals(parentId) });
      router.refresh();
    },
  });
}

/** An expert writes a candidate, or edits one (issue #42 item 6): stored with origin "expert". */
function ExpertCandidateForm({
  parentId,
  kind,
  start,
  place,
  from,
  onDone,
}: {
  parentId: string;
  kind: PerturbationKind;
  start: string;
  /** the file and hunk the candidate keeps (a text edit never moves the comment) */
  place: Pick<PerturbedComment, "path" | "diffHunk">;
  from?: ProposedCandidate;
  onDone?: () => void;
}) {
  const [text, setText] = useState(start);
  const [why, setWhy] = useState("");
  const create = useCreate(parentId);
  const id = `expert-${kind}-${from?.key ?? "new"}`;
  return (
    <form
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-3"
      data-testid={from ? "edit-candidate-form" : "expert-candidate-form"}
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate(
          {
            kind,
            perturbed: { body: text, path: place.path, diffHunk: place.diffHunk },
            origin: "expert",
            rule: from ? `edited from ${ORIGIN_LABEL[from.origin]} ${from.rule}` : "written by an expert",
            rationale: why,
          },
          { onSuccess: () => onDone?.() },
        );
      }}
    >
      {!from && <h3 className="text-sm font-semibold text-slate-700">Write your own {kind} candidate</h3>}
      <label htmlFor={id} className="block text-xs text-slate-600">
        The comment as it would read after your {kind} edit (one place only; the same self-check applies)
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={4}
        className="w-full rounded-md border border-slate-300 px-2 py-1 font-mono text-sm"
        data-testid="expert-text"
      />
      <label htmlFor={`${id}-why`} className="block text-xs text-slate-600">
        Why it is now wrong about the code (optional)
      </label>
      <input
        id={`${id}-why`}
        value={why}
        onChange={(e) => setWhy(e.target.value)}
        className="w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
        data-testid="expert-why"
      />
      <div className="flex items-center gap-3">
        <button
          type="submit"
          disabled={create.isPending || text === start}
          className="rounded-md bg-indigo-600 px-3 py-1 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
          data-testid="expert-create"
        >
          {create.isPending ? "Creating…" : "Create perturbation"}
        </button>
        {onDone && (
          <button type="button" onClick={onDone} className="text-sm text-slate-600 hover:underline">
            Cancel
          </button>
        )}
        {create.isError && (
          <span role="alert" className="text-sm text-rose-700" data-testid="expert-error">
            {create.error.message}
          </span>
        )}
        {create.data && (
          <Link href={`/perturb/${create.data.id}`} className="text-sm text-indigo-700 hover:underline" data-testid="created-link">
            Created: open the verification view →
          </Link>
        )}
      </div>
    </form>
  );
}

function CandidateCard({ candidate: c, rank, parentId }: { candidate: ProposedCandidate; rank: number; parentId: string }) {
  const create = useCreate(parentId);
  const [editing, setEditing] = useState(false);
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
          {ORIGIN_LABEL[c.origin]} · {ruleInWords(c.rule)}
        </span>
        {c.sameFile !== null && (
          <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600">{c.sameFile ? "same file, other hunk" : "other file"}</span>
        )}
        <span className="rounded bg-emerald-50 px-1.5 py-0.5 text-emerald-800" data-testid="self-check">
          ✓ {c.selfCheck.reason}
        </span>
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
      {c.critic && (
        <p className="mt-1 text-xs text-emerald-800" data-testid="critic-verdict">
          Critic ({c.critic.model}): wrong about the code, and reads as one coherent comment. <BidiText text={c.critic.reason} />
        </p>
      )}
      {editing ? (
        <div className="mt-2">
          <ExpertCandidateForm
            parentId={parentId}
            kind={c.kind}
            start={c.perturbed.body}
            place={c.perturbed}
            from={c}
            onDone={() => setEditing(false)}
          />
        </div>
      ) : (
        <div className="mt-2 flex items-center gap-3">
          {createdId ? (
            <Link href={`/perturb/${createdId}`} className="text-sm text-indigo-700 hover:underline" data-testid="created-link">
              {create.data ? "Created: open the verification view →" : "Already created: open →"}
            </Link>
          ) : (
            <button
              type="button"
              onClick={() =>
                create.mutate({ kind: c.kind, perturbed: c.perturbed, origin: c.origin, rule: c.rule, rationale: c.rationale })
              }
              disabled={create.isPending}
              data-testid="create-candidate"
              className="rounded-md bg-indigo-600 px-3 py-1 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
            >
              {create.isPending ? "Creating…" : "Create perturbation"}
            </button>
          )}
          {c.kind !== "location" && !createdId && (
            <button
              type="button"
              onClick={() => setEditing(true)}
              className="text-sm text-slate-700 hover:underline"
              data-testid="edit-candidate"
            >
              Edit
            </button>
          )}
          {create.isError && (
            <span role="alert" className="text-sm text-rose-700">
              {create.error.message}
            </span>
          )}
        </div>
      )}
    </li>
  );
}

/** Proposals the checks or the critic refused: never offered, but listed with why, so nothing is dropped unseen. */
function WithheldList({ withheld }: { withheld: WithheldProposal[] }) {
  if (withheld.length === 0) return null;
  const byCritic = withheld.filter((w) => w.by === "critic").length;
  return (
    <details className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs text-slate-600" data-testid="withheld">
      <summary className="cursor-pointer">
        {withheld.length} proposal{withheld.length === 1 ? "" : "s"} withheld
        {byCritic > 0 ? ` (${byCritic} refused by the critic, ${withheld.length - byCritic} by the checks)` : " by the checks"}
      </summary>
      <ul className="mt-2 space-y-1">
        {withheld.map((w) => (
          <li key={`${w.by}-${w.key}`} data-testid={w.by === "critic" ? "withheld-critic" : "withheld-check"}>
            <span className="rounded bg-slate-100 px-1 text-slate-700">{ORIGIN_LABEL[w.origin]}</span>{" "}
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
