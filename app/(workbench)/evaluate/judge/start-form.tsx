"use client";
import { useActionState } from "react";
import type { FormState } from "@/lib/http/form-state";
import { startJudgeRunAction } from "./actions";

const FIELD = "mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm focus:border-indigo-500 focus:outline-none";

export interface ExportChoice {
  id: string;
  label: string;
  items: Record<"train" | "validation" | "test", number>;
}

export function StartJudgeRunForm({
  exports,
  configured,
  disabled,
}: {
  exports: ExportChoice[];
  configured: { baseUrl: string | null; model: string | null; key: boolean };
  disabled: boolean;
}) {
  const [state, action, pending] = useActionState<FormState, FormData>(startJudgeRunAction, {});
  return (
    <form action={action} className="grid gap-3 md:grid-cols-2" data-testid="judge-run-form">
      <label className="block">
        <span className="text-xs font-medium text-slate-600">Export</span>
        <select name="exportId" className={FIELD} required>
          {exports.map((e) => (
            <option key={e.id} value={e.id}>
              {e.label} · test {e.items.test} · validation {e.items.validation} · train {e.items.train}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        <span className="text-xs font-medium text-slate-600">Split</span>
        <select name="split" defaultValue="test" className={FIELD}>
          <option value="test">test</option>
          <option value="validation">validation</option>
          <option value="train">train</option>
        </select>
      </label>
      <label className="block">
        <span className="text-xs font-medium text-slate-600">Run name</span>
        <input name="name" required maxLength={120} placeholder="e.g. qwen3-coder focused seed 0" className={FIELD} />
      </label>
      <label className="block">
        <span className="text-xs font-medium text-slate-600">Model base URL (OpenAI-compatible, …/v1)</span>
        <input name="baseUrl" type="url" placeholder={configured.baseUrl ?? "JUDGE_BASE_URL is not set"} className={FIELD} />
      </label>
      <label className="block">
        <span className="text-xs font-medium text-slate-600">Model</span>
        <input name="model" placeholder={configured.model ?? "JUDGE_MODEL is not set"} className={FIELD} />
      </label>
      <label className="block">
        <span className="text-xs font-medium text-slate-600">
          API key ({configured.key ? "blank: JUDGE_API_KEY from configuration" : "none configured"}; never shown again)
        </span>
        <input name="apiKey" type="password" autoComplete="off" className={FIELD} />
      </label>
      <fieldset className="md:col-span-2">
        <legend className="text-xs font-medium text-slate-600">Context policy</legend>
        <label className="mt-1 flex items-start gap-2 text-sm">
          <input type="radio" name="contextPolicy" value="focused" defaultChecked className="mt-1" />
          <span>Focused: the whitelisted task.json only (the paper&apos;s)</span>
        </label>
        <label className="mt-1 flex items-start gap-2 text-sm">
          <input type="radio" name="contextPolicy" value="complete" className="mt-1" />
          <span>Complete timeline: every entry with identities and review states (report it separately)</span>
        </label>
      </fieldset>
      <div className="grid grid-cols-3 gap-3 md:col-span-2">
        <label className="block">
          <span className="text-xs font-medium text-slate-600">Concurrency</span>
          <input name="concurrency" type="number" min={1} max={16} defaultValue={4} className={FIELD} />
        </label>
        <label className="block">
          <span className="text-xs font-medium text-slate-600">Seed (task order)</span>
          <input name="seed" type="number" defaultValue={0} className={FIELD} />
        </label>
        <label className="block">
          <span className="text-xs font-medium text-slate-600">Only the first N tasks (blank: all)</span>
          <input name="limit" type="number" min={1} className={FIELD} />
        </label>
      </div>
      <details className="md:col-span-2">
        <summary className="cursor-pointer text-xs font-medium text-slate-600">Agent settings (the paper&apos;s by default)</summary>
        <div className="mt-2 grid grid-cols-3 gap-3">
          <label className="block">
            <span className="text-xs text-slate-600">Step limit</span>
            <input name="stepLimit" type="number" min={1} defaultValue={30} className={FIELD} />
          </label>
          <label className="block">
            <span className="text-xs text-slate-600">Wall time per task (s)</span>
            <input name="wallTimeSeconds" type="number" min={5} defaultValue={900} className={FIELD} />
          </label>
          <label className="block">
            <span className="text-xs text-slate-600">Consecutive format errors</span>
            <input name="maxConsecutiveFormatErrors" type="number" min={1} defaultValue={3} className={FIELD} />
          </label>
          <label className="block">
            <span className="text-xs text-slate-600">Command time limit (s)</span>
            <input name="commandTimeoutSeconds" type="number" min={1} defaultValue={60} className={FIELD} />
          </label>
          <label className="block">
            <span className="text-xs text-slate-600">
              Endpoint limit: requests at once to this base URL, over all runs and workers (blank: none)
            </span>
            <input name="endpointConcurrency" type="number" min={1} max={256} className={FIELD} data-testid="judge-endpoint-limit" />
          </label>
          <label className="block">
            <span className="text-xs text-slate-600">Output shown to the model (characters)</span>
            <input name="outputLimitChars" type="number" min={200} defaultValue={8000} className={FIELD} />
          </label>
          <label className="block">
            <span className="text-xs text-slate-600">Actions</span>
            <select name="actionMode" defaultValue="tool" className={FIELD}>
              <option value="tool">bash tool calls (the paper&apos;s)</option>
              <option value="text">one ```bash block per answer (text mode)</option>
            </select>
          </label>
        </div>
      </details>
      <details className="md:col-span-2">
        <summary className="cursor-pointer text-xs font-medium text-slate-600">Request options (what the provider may need)</summary>
        <div className="mt-2 grid grid-cols-3 gap-3">
          <label className="block">
            <span className="text-xs text-slate-600">Temperature (0 as in the paper; &quot;default&quot; sends none)</span>
            <input name="temperature" defaultValue="0" className={FIELD} />
          </label>
          <label className="block">
            <span className="text-xs text-slate-600">max_tokens (blank: not sent)</span>
            <input name="maxTokens" type="number" min={1} className={FIELD} />
          </label>
          <label className="block">
            <span className="text-xs text-slate-600">Request seed (blank: not sent)</span>
            <input name="requestSeed" type="number" className={FIELD} />
          </label>
          <label className="block">
            <span className="text-xs text-slate-600">Reasoning effort</span>
            <select name="reasoningEffort" defaultValue="" className={FIELD}>
              <option value="">not sent</option>
              <option value="minimal">minimal</option>
              <option value="low">low</option>
              <option value="medium">medium</option>
              <option value="high">high</option>
            </select>
          </label>
          <label className="block">
            <span className="text-xs text-slate-600">Price per million input tokens (USD, for the cost; blank: none)</span>
            <input name="promptPricePerMillion" type="number" min={0} step="any" className={FIELD} />
          </label>
          <label className="block">
            <span className="text-xs text-slate-600">Price per million output tokens (USD)</span>
            <input name="completionPricePerMillion" type="number" min={0} step="any" className={FIELD} />
          </label>
          <label className="col-span-2 block">
            <span className="text-xs text-slate-600">
              Extra request body, JSON (e.g. {'{"chat_template_kwargs": {"enable_thinking": false}}'})
            </span>
            <textarea name="extraBody" rows={2} className={`${FIELD} font-mono`} />
          </label>
          <label className="block">
            <span className="text-xs text-slate-600">
              Extra request headers a gateway needs, one &quot;Name: value&quot; per line (shown on the run)
            </span>
            <textarea name="headers" rows={2} className={`${FIELD} font-mono`} data-testid="judge-headers" />
          </label>
          <label className="block">
            <span className="text-xs text-slate-600">
              Headers that carry a secret, &quot;Name: value&quot; per line (sealed like the key; names shown, values never)
            </span>
            <textarea name="secretHeaders" rows={2} className={`${FIELD} font-mono`} data-testid="judge-secret-headers" />
          </label>
        </div>
      </details>
      {state.error && (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800 md:col-span-2" data-testid="judge-run-error">
          {state.error}
        </p>
      )}
      <div className="md:col-span-2">
        <button
          type="submit"
          disabled={pending || disabled}
          className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
        >
          {pending ? "Starting…" : "Start judge run"}
        </button>
      </div>
    </form>
  );
}
