"use client";
// The annotator's side of the instance page: three labels, a rationale, the save state, and the
// keyboard (shortcuts from lib/annotate/keyboard-shortcuts, shown in the help dialog). A label is
// submitted only by the submit button or Ctrl+Enter; until then it is a draft, kept in this browser
// per instance, so a reload, Back, a link or j/k neither loses nor submits it. Once a submission is
// saved the page goes on to the next item to label, unless the annotator chose to stay. The draft, the
// pending label and their reconciling live in one hook, useLabelDraft.
import type { VisibleStage } from "@/lib/annotate/viewer-access";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { JUMP_TO_HUNK_EVENT } from "@/app/_components/patch-view";
import { type AfterSubmit, afterSubmitHref, keepAfterSubmit, type QueueFinished, readAfterSubmit } from "@/lib/annotate/after-submit";
import { shortcutFor } from "@/lib/annotate/keyboard-shortcuts";
import { draftBanner } from "@/lib/annotate/draft-banner";
import type { ServerDraft } from "@/lib/annotate/server-drafts";
import { LABEL_VALUES, type LabelValue } from "@/lib/annotate/label-schemas";
import { LABEL_DEFINITIONS } from "@/lib/annotate/label-rubric";
import { instanceKeys } from "@/lib/annotate/query-keys";
import { isApiError } from "@/lib/http/api-client";
import { fetchOwnLabel, type OwnLabel } from "./own-label";
import { JustSavedNote, QueueFinishedNote } from "./after-submit-notes";
import { ShortcutHelp } from "./shortcut-help";
import { useLabelDraft } from "./use-label-draft";

export interface QueueLinks {
  basePath: string;
  position: number | null;
  total: number;
  previousId: string | null;
  nextId: string | null;
  nextToDoId: string | null;
}

const LABEL_STYLE: Record<LabelValue, { on: string; off: string }> = {
  trustworthy: { on: "border-emerald-600 bg-emerald-700 text-white", off: "border-emerald-300 text-emerald-800 hover:bg-emerald-50" },
  untrustworthy: { on: "border-rose-600 bg-rose-600 text-white", off: "border-rose-300 text-rose-800 hover:bg-rose-50" },
  unsuitable: { on: "border-slate-600 bg-slate-600 text-white", off: "border-slate-300 text-slate-700 hover:bg-slate-50" },
};

export function isTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.tagName === "TEXTAREA" || target.tagName === "INPUT" || target.tagName === "SELECT" || target.isContentEditable)
  );
}

export function LabelPanel({
  instanceId,
  login,
  initialLabel,
  initialDraft,
  initialStage,
  queue,
  justSaved,
  finished,
}: {
  instanceId: string;
  login: string;
  initialLabel: OwnLabel | null;
  /** the draft kept on the server (another browser's, or this one's) */
  initialDraft: ServerDraft | null;
  initialStage: VisibleStage;
  queue: QueueLinks;
  /** the previous item's label, saved by submit-and-advance */
  justSaved?: { instanceId: string; caption: string; valueTitle: string; at: string } | null;
  /** what the page says once this item is labelled and nothing else is left to label */
  finished: QueueFinished;
}) {
  const router = useRouter();
  const { data: saved } = useQuery({
    queryKey: instanceKeys.ownLabel(instanceId),
    queryFn: () => fetchOwnLabel(instanceId, login),
    initialData: initialLabel,
    staleTime: Infinity,
  });
  const [stage, setStage] = useState(initialStage);
  const [afterSubmit, setAfterSubmit] = useState<AfterSubmit>("next");
  useEffect(() => setAfterSubmit(readAfterSubmit(window.localStorage)), []);
  // only a submission made here moves on; a label resent on arrival (saved offline earlier) does not
  const advanceOnSave = useRef(false);
  const locked = stage !== "annotating";
  const draft = useLabelDraft({
    instanceId,
    initialLabel,
    initialDraft,
    saved,
    locked,
    onSaved: (res) => {
      setStage(res.stage);
      if (!advanceOnSave.current) return;
      advanceOnSave.current = false;
      // the next item's page says this one was saved, with a link back
      const next = afterSubmitHref(readAfterSubmit(window.localStorage), instanceId, queue.nextToDoId, queue.basePath);
      if (next) router.push(next);
    },
  });
  const { value, rationale, restoredFrom, edit, save } = draft;
  const [help, setHelp] = useState(false);
  const rationaleRef = useRef<HTMLTextAreaElement>(null);
  const helpButtonRef = useRef<HTMLButtonElement>(null);

  const valid = value !== null && rationale.trim().length >= 3;
  const dirty = value !== (saved?.value ?? null) || rationale.trim() !== (saved?.rationale ?? "").trim();

  // Closing or reloading the tab with an unsubmitted change asks first (the draft is kept anyway).
  useEffect(() => {
    if (!dirty || locked) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty, locked]);

  const submitDraft = draft.submit;
  const submit = useCallback(() => {
    if (!value || rationale.trim().length < 3 || locked) return false;
    advanceOnSave.current = true;
    submitDraft({ value, rationale: rationale.trim() });
    return true;
  }, [value, rationale, locked, submitDraft]);

  // moving on never submits: the draft stays for when the annotator comes back
  const go = useCallback(
    (id: string | null) => {
      if (id) router.push(`${queue.basePath}/${id}`);
    },
    [router, queue.basePath],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = shortcutFor({
        key: e.key,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        altKey: e.altKey,
        inTextField: isTextField(e.target),
        helpOpen: help,
      });
      if (!action) return;
      e.preventDefault();
      switch (action.kind) {
        case "label":
          if (!locked) edit({ value: action.value, rationale });
          return;
        case "save":
          return void submit();
        case "next":
          return go(queue.nextId);
        case "previous":
          return go(queue.previousId);
        case "focus-rationale":
          return rationaleRef.current?.focus();
        case "jump-to-hunk":
          return void window.dispatchEvent(new Event(JUMP_TO_HUNK_EVENT));
        case "toggle-help":
          return setHelp((h) => !h);
        case "close-help":
          return setHelp(false);
        case "leave-field":
          return document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined;
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [locked, rationale, submit, go, edit, help, queue.nextId, queue.previousId]);

  const error = save.error;
  const retrying = save.isPending && save.failureCount > 0;
  let status: { text: string; tone: string; testId: string };
  if (retrying)
    status = {
      text: `Unsaved — server unreachable, retrying (attempt ${save.failureCount + 1}). Your label is kept in this browser.`,
      tone: "text-amber-800 bg-amber-50 border-amber-300",
      testId: "label-unsaved",
    };
  else if (save.isPending) status = { text: "Saving…", tone: "text-slate-600 bg-slate-50 border-slate-200", testId: "label-saving" };
  else if (isApiError(error) && error.status === 401)
    status = {
      text: "Unsaved — you are signed out. Sign in again: the label is kept in this browser.",
      tone: "text-amber-800 bg-amber-50 border-amber-300",
      testId: "label-unsaved",
    };
  else if (error) status = { text: `Not saved: ${error.message}`, tone: "text-rose-800 bg-rose-50 border-rose-300", testId: "label-error" };
  else if (saved && !saved.pending && !dirty)
    status = {
      text: `Saved ${saved.updatedAt.slice(0, 16).replace("T", " ")} UTC`,
      tone: "text-emerald-800 bg-emerald-50 border-emerald-300",
      testId: "label-saved",
    };
  else if (dirty)
    status = {
      text: draftBanner({ hasSubmittedLabel: !!saved, restoredFrom, sent: draft.sent }),
      tone: "text-amber-800 bg-amber-50 border-amber-300",
      testId: saved ? "label-dirty" : "label-draft",
    };
  else status = { text: "Not labelled yet", tone: "text-slate-600 bg-slate-50 border-slate-200", testId: "label-empty" };

  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid="label-panel">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-xs font-semibold uppercase text-slate-500">Your label</h2>
        <button ref={helpButtonRef} type="button" className="text-xs text-indigo-700 hover:underline" onClick={() => setHelp(true)}>
          Shortcuts (?)
        </button>
      </div>
      {justSaved && <JustSavedNote saved={justSaved} />}
      {locked && saved && (
        <p className="mb-3 rounded-md bg-slate-100 px-3 py-2 text-xs text-slate-700" data-testid="label-final">
          Final: every assigned annotator has labelled this instance, so labels can no longer change.
        </p>
      )}
      <div className="flex gap-2" role="radiogroup" aria-label="Label">
        {LABEL_VALUES.map((v) => (
          <button
            key={v}
            type="button"
            role="radio"
            aria-checked={value === v}
            disabled={locked}
            title={LABEL_DEFINITIONS[v].meaning}
            data-testid={`label-${v}`}
            onClick={() => edit({ value: v, rationale })}
            className={`flex-auto whitespace-nowrap rounded-md border px-1.5 py-2 text-sm font-medium disabled:opacity-60 ${value === v ? LABEL_STYLE[v].on : LABEL_STYLE[v].off}`}
          >
            {LABEL_DEFINITIONS[v].title}
            <span className="ml-1 font-mono text-xs opacity-70">{LABEL_DEFINITIONS[v].key}</span>
          </button>
        ))}
      </div>
      <label className="mt-3 block text-xs font-medium text-slate-600" htmlFor="rationale">
        Rationale <span className="font-normal text-slate-500">(r)</span>
      </label>
      <textarea
        id="rationale"
        ref={rationaleRef}
        value={rationale}
        onChange={(e) => edit({ value, rationale: e.target.value })}
        disabled={locked}
        rows={4}
        placeholder="What in the patch or repository shows the claim is right or wrong?"
        data-testid="rationale"
        className="mt-1 w-full rounded-md border border-slate-300 p-2 text-sm focus:border-indigo-500 focus:outline-none disabled:bg-slate-50"
      />
      <div className="mt-2 flex items-center gap-2">
        <button
          type="button"
          onClick={submit}
          disabled={!valid || locked || (!dirty && !!saved && !saved.pending)}
          data-testid="save-label"
          className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:bg-slate-300"
        >
          Submit label <span className="font-mono text-xs opacity-80">Ctrl+↵</span>
        </button>
        {!valid && !locked && (
          <span className="text-xs text-slate-500">{value ? "Add a short rationale." : "Choose a label (1/2/3)."}</span>
        )}
      </div>
      <label className="mt-2 flex items-center gap-1.5 text-xs text-slate-600">
        <input
          type="checkbox"
          checked={afterSubmit === "next"}
          onChange={(e) => {
            const choice: AfterSubmit = e.target.checked ? "next" : "stay";
            keepAfterSubmit(window.localStorage, choice);
            setAfterSubmit(choice);
          }}
          data-testid="advance-after-submit"
        />
        Go to the next item to label once saved
      </label>
      <p role="status" className={`mt-3 rounded-md border px-3 py-2 text-xs ${status.tone}`} data-testid={status.testId}>
        {status.text}
      </p>
      <nav className="mt-3 flex items-center justify-between text-xs text-slate-600" aria-label="Queue">
        <button
          type="button"
          disabled={!queue.previousId}
          onClick={() => go(queue.previousId)}
          className="rounded border border-slate-300 px-2 py-1 disabled:opacity-40"
        >
          ← Previous (k)
        </button>
        <span>{queue.position ? `${queue.position} of ${queue.total}` : `${queue.total} in queue`}</span>
        <button
          type="button"
          disabled={!queue.nextId}
          onClick={() => go(queue.nextId)}
          className="rounded border border-slate-300 px-2 py-1 disabled:opacity-40"
          data-testid="next-instance"
        >
          Next (j) →
        </button>
      </nav>
      {queue.nextToDoId ? (
        <button
          type="button"
          onClick={() => go(queue.nextToDoId)}
          className="mt-2 w-full rounded-md border border-indigo-200 px-2 py-1 text-xs text-indigo-700 hover:bg-indigo-50"
        >
          Next to label →
        </button>
      ) : (
        saved && !saved.pending && !dirty && <QueueFinishedNote finished={finished} />
      )}
      {help && <ShortcutHelp onClose={() => setHelp(false)} fallbackFocus={() => helpButtonRef.current} />}
    </section>
  );
}
