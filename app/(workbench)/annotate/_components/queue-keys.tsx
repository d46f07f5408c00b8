"use client";
// j/k/h/? on pages without the label panel (leads, adjudication), from the same shortcut table.
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { JUMP_TO_HUNK_EVENT } from "@/app/_components/patch-view";
import { shortcutFor } from "@/lib/annotate/keyboard-shortcuts";
import { isTextField, type QueueLinks } from "./label-panel";
import { ShortcutHelp } from "./shortcut-help";

export function QueueKeys({ queue }: { queue: QueueLinks }) {
  const router = useRouter();
  const [help, setHelp] = useState(false);
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
      if (action.kind === "next" && queue.nextId) router.push(`${queue.basePath}/${queue.nextId}`);
      else if (action.kind === "previous" && queue.previousId) router.push(`${queue.basePath}/${queue.previousId}`);
      else if (action.kind === "jump-to-hunk") window.dispatchEvent(new Event(JUMP_TO_HUNK_EVENT));
      else if (action.kind === "toggle-help") setHelp((h) => !h);
      else if (action.kind === "close-help") setHelp(false);
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [queue, router, help]);
  return (
    <nav
      className="flex items-center justify-between rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs text-slate-600"
      aria-label="Queue"
    >
      <button
        type="button"
        disabled={!queue.previousId}
        onClick={() => router.push(`${queue.basePath}/${queue.previousId}`)}
        className="rounded border border-slate-300 px-2 py-1 disabled:opacity-40"
      >
        ← Previous (k)
      </button>
      <span>
        {queue.position ? `${queue.position} of ${queue.total}` : `${queue.total} in queue`} ·{" "}
        <button type="button" className="text-indigo-700 hover:underline" onClick={() => setHelp(true)} data-testid="shortcuts-help">
          Shortcuts (?)
        </button>
      </span>
      <button
        type="button"
        disabled={!queue.nextId}
        onClick={() => router.push(`${queue.basePath}/${queue.nextId}`)}
        className="rounded border border-slate-300 px-2 py-1 disabled:opacity-40"
      >
        Next (j) →
      </button>
      {help && <ShortcutHelp onClose={() => setHelp(false)} fallbackFocus={() => document.getElementById("main")} />}
    </nav>
  );
}
