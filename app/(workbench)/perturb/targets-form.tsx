"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { PerturbationKind } from "@/lib/perturb/candidate-schema";
import { perturbationApi } from "./perturbation-api";

const KINDS: PerturbationKind[] = ["negation", "symbol", "location"];

/** Admin-only: the team's targets of verified negatives per kind. */
export function TargetsForm({ current }: { current: Record<PerturbationKind, number> }) {
  const router = useRouter();
  const [values, setValues] = useState<Record<PerturbationKind, string>>({
    negation: String(current.negation),
    symbol: String(current.symbol),
    location: String(current.location),
  });
  const save = useMutation({ mutationFn: () => perturbationApi.saveTargets(values), onSuccess: () => router.refresh() });
  return (
    <form
      className="flex flex-wrap items-center gap-2 text-sm"
      data-testid="targets-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <span className="text-slate-700">Targets</span>
      {KINDS.map((k) => (
        <label key={k} className="flex items-center gap-1 text-slate-600">
          {k}
          <input
            type="number"
            min={0}
            value={values[k]}
            onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
            className="w-20 rounded-md border border-slate-300 px-2 py-1 font-mono"
            data-testid={`target-input-${k}`}
          />
        </label>
      ))}
      <button
        type="submit"
        disabled={save.isPending}
        className="rounded-md border border-slate-300 px-2 py-1 hover:bg-slate-50 disabled:opacity-50"
      >
        {save.isPending ? "Saving…" : "Save targets"}
      </button>
      {save.isError && (
        <span role="alert" className="text-rose-700">
          {save.error.message}
        </span>
      )}
      {save.isSuccess && <span className="text-emerald-700">Saved.</span>}
    </form>
  );
}
