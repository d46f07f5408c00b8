"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef } from "react";
import { counted } from "@/lib/text/plural";

interface ImportAnswer {
  rows: number;
  files: { name: string; split: string | null; rows: number }[];
  pullRequests: { created: number; reused: number };
  instances: { created: number; reused: number };
  splitRunId: string | null;
  warnings: string[];
}

async function upload(form: FormData): Promise<ImportAnswer> {
  const response = await fetch("/api/exports/imports", { method: "POST", body: form });
  const body = (await response.json().catch(() => ({}))) as ImportAnswer & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `Import failed (HTTP ${response.status}).`);
  return body;
}

export function ImportForm() {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useMutation({
    mutationFn: upload,
    onSuccess: () => {
      formRef.current?.reset();
      router.refresh();
    },
  });
  const result = mutation.data;
  return (
    <form
      ref={formRef}
      className="space-y-3"
      data-testid="import-form"
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate(new FormData(event.currentTarget));
      }}
    >
      <label className="block">
        <span className="text-xs font-medium text-slate-600">Released-format JSONL</span>
        <input
          name="files"
          type="file"
          multiple
          required
          accept=".jsonl,.parquet"
          data-testid="import-files"
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm hover:file:bg-slate-200"
        />
      </label>
      <label className="block">
        <span className="text-xs font-medium text-slate-600">Split of the rows</span>
        <select
          name="split"
          defaultValue="from-name"
          className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
        >
          <option value="from-name">From the file name (train.jsonl, validation.jsonl, test.jsonl)</option>
          <option value="none">None: I will create a new split</option>
          <option value="train">train</option>
          <option value="validation">validation</option>
          <option value="test">test</option>
        </select>
      </label>
      {mutation.isError && (
        <p role="alert" className="whitespace-pre-wrap rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800" data-testid="import-error">
          {mutation.error.message}
        </p>
      )}
      {result && (
        <div className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="import-result">
          <p>
            Imported {result.rows} rows: {result.pullRequests.created} new PRs ({result.pullRequests.reused} already here),{" "}
            {result.instances.created} new instances ({result.instances.reused} already here).
          </p>
          {result.splitRunId ? (
            <p className="mt-1">
              The files&apos; splits were kept:{" "}
              <Link className="text-indigo-700 underline" href={`/splits/${result.splitRunId}`}>
                open the imported split
              </Link>
              .
            </p>
          ) : (
            <p className="mt-1">Create a split below to export them.</p>
          )}
          {result.warnings.length > 0 && (
            <details className="mt-2 text-amber-900">
              <summary>{counted(result.warnings.length, "warning")}</summary>
              <ul className="mt-1 list-disc pl-5 text-xs">
                {result.warnings.slice(0, 50).map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
      <button
        type="submit"
        disabled={mutation.isPending}
        className="rounded-md border border-indigo-300 px-4 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:opacity-50"
      >
        {mutation.isPending ? "Importing…" : "Import"}
      </button>
    </form>
  );
}
