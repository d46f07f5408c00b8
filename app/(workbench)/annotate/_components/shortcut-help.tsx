"use client";
// The keyboard help as a modal dialog (the browser's own <dialog>): the page behind is inert, focus
// stays inside, Esc or a click outside closes it, and focus returns to where it was.
import { useEffect, useRef } from "react";
import { SHORTCUTS } from "@/lib/annotate/keyboard-shortcuts";

/**
 * `fallbackFocus`: where focus goes on closing when nothing in particular had it before (the dialog was
 * opened with "?" from the page itself), so keyboard users are not left on <body>.
 */
export function ShortcutHelp({ onClose, fallbackFocus }: { onClose: () => void; fallbackFocus?: () => HTMLElement | null }) {
  const ref = useRef<HTMLDialogElement>(null);
  const fallback = useRef(fallbackFocus);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      (opener ?? fallback.current?.())?.focus();
    };
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; Esc (the dialog's cancel event) is its keyboard twin
    <dialog
      ref={ref}
      aria-labelledby="shortcut-help-title"
      data-testid="shortcut-help"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose(); // the backdrop
      }}
      className="m-auto w-96 rounded-xl bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="p-5">
        <h2 id="shortcut-help-title" className="mb-3 font-semibold">
          Keyboard shortcuts
        </h2>
        <table className="w-full text-sm">
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.description} className="border-t border-slate-100">
                <td className="py-1 pr-3">
                  {s.keys.map((k) => (
                    <kbd key={k} className="mr-1 rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs">
                      {k}
                    </kbd>
                  ))}
                </td>
                <td className="py-1 text-slate-700">{s.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button
          type="button"
          onClick={onClose}
          className="mt-4 rounded-md border border-slate-300 px-3 py-1 text-sm"
          data-testid="close-shortcut-help"
        >
          Close
        </button>
      </div>
    </dialog>
  );
}
