"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";

interface UploadedRun {
  id: string;
  name: string;
  exportId: string;
  split: string;
}

async function uploadRun(form: FormData): Promise<UploadedRun> {
  const response = await fetch("/evaluate/runs", { method: "POST", body: form });
  const body = (await response.json().catch(() => ({}))) as Partial<UploadedRun> & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `Upload failed (HTTP ${response.status}).`);
  return body as UploadedRun;
}

export function UploadForm({ exportId, split, itemCount }: { exportId: string; split: string; itemCount: number }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [fileCount, setFileCount] = useState(0);
  const upload = useMutation({
    mutationFn: uploadRun,
    onSuccess: (run) => {
      formRef.current?.reset();
      setFileCount(0);
      router.push(`/evaluate?export=${encodeURIComponent(run.exportId)}&split=${run.split}&run=${encodeURIComponent(run.id)}`);
      router.refresh();
    },
  });
  return (
    <form
      ref={formRef}
      data-testid="upload-form"
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        upload.mutate(new FormData(event.currentTarget));
      }}
    >
      <input type="hidden" name="exportId" value={exportId} />
      <input type="hidden" name="split" value={split} />
      <label className="block">
        <span className="text-sm font-medium text-slate-700">Run name</span>
        <input
          name="name"
          required
          maxLength={120}
          placeholder="e.g. GLM-5.3 · mini-swe-agent"
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none"
        />
      </label>
      <label className="block">
        <span className="text-sm font-medium text-slate-700">Predictions</span>
        <input
          name="files"
          type="file"
          multiple
          required
          accept=".jsonl,.json,application/json"
          onChange={(event) => setFileCount(event.currentTarget.files?.length ?? 0)}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm hover:file:bg-slate-200"
        />
        <span className="mt-1 block text-xs text-slate-500">
          One JSONL of <code>{'{"eval_id", "prediction": true|false}'}</code> rows (or <code>{'{"eval_id", "output"}'}</code> with the raw
          final output), or mini-swe-agent trajectories named <code>&lt;eval_id&gt;.traj.json</code>. Scored against the {itemCount} {split}{" "}
          items; rows for other ids are reported, not scored.
          {fileCount > 1 && <span className="ml-1 font-medium text-slate-700">{fileCount} files selected.</span>}
        </span>
      </label>
      {upload.isError && (
        <p role="alert" data-testid="upload-error" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {upload.error.message}
        </p>
      )}
      <button
        type="submit"
        disabled={upload.isPending}
        className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-60"
      >
        {upload.isPending ? "Scoring…" : "Import and score"}
      </button>
    </form>
  );
}
