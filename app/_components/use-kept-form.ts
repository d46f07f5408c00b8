"use client";
// React resets a form's uncontrolled fields after every action it runs, to their default values: a
// refused submission would lose what was typed and chosen (a rationale, two selects). This runs the
// server action through useActionState and, when the answer is a refusal, keeps the submitted fields
// as the new defaults: `kept(name)` for each field's defaultValue, and `attempt` as the key of the
// fields, so they are made again with those defaults (a select takes a new default only when made).
import { useActionState } from "react";
import type { FormState } from "@/lib/http/form-state";

type Answered<S> = { state: S; sent: FormData | null; attempt: number };

export function useKeptForm<S extends FormState>(action: (previous: S, form: FormData) => Promise<S>, initial: S) {
  const [answered, run, pending] = useActionState<Answered<S>, FormData>(
    async (previous, form) => {
      const state = await action(previous.state, form);
      return { state, sent: state.ok === false ? form : null, attempt: previous.attempt + 1 };
    },
    { state: initial, sent: null, attempt: 0 },
  );
  const kept = (name: string): string | undefined => {
    const value = answered.sent?.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return { state: answered.state, run, pending, kept, attempt: answered.attempt };
}
