"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { perturbationApi } from "./perturbation-api";
import { counted, plural } from "@/lib/text/plural";

/** Admin-only: how many distinct experts must all accept before a perturbation is a negative. */
export function VerifierSettingForm({ current }: { current: number }) {
  const router = useRouter();
  const [value, setValue] = useState(String(current));
  const save = useMutation({
    mutationFn: () => perturbationApi.saveRequiredVerifiers(value),
    onSuccess: () => router.refresh(),
  });
  return (
    <form
      className="flex flex-wrap items-center gap-2 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <label htmlFor="required-verifiers" className="text-slate-700">
        Verifiers who must all accept
      </label>
      <input
        id="required-verifiers"
        type="number"
        min={1}
        max={9}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className="w-16 rounded-md border border-slate-300 px-2 py-1 font-mono"
        data-testid="required-verifiers-input"
      />
      <button
        type="submit"
        disabled={save.isPending || value === String(current)}
        className="rounded-md border border-slate-300 px-2 py-1 hover:bg-slate-50 disabled:opacity-50"
      >
        {save.isPending ? "Saving…" : "Save"}
      </button>
      {save.isError && (
        <span role="alert" className="text-rose-700">
          {save.error.message}
        </span>
      )}
      {save.isSuccess && (
        <span className="text-emerald-700">
          Saved.
          {save.data.settled > 0
            ? ` ${counted(save.data.settled, "pending perturbation")} now ${plural(save.data.settled, "has", "have")} enough acceptances and ${plural(save.data.settled, "was", "were")} accepted.`
            : ""}
        </span>
      )}
    </form>
  );
}
