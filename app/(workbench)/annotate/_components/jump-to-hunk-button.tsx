"use client";
import { JUMP_TO_HUNK_EVENT } from "@/app/_components/patch-view";

export function JumpToHunkButton() {
  return (
    <button
      type="button"
      onClick={() => window.dispatchEvent(new Event(JUMP_TO_HUNK_EVENT))}
      data-testid="jump-to-hunk"
      className="rounded border border-amber-300 px-2 py-0.5 text-xs text-amber-800 hover:bg-amber-100"
    >
      Jump to hunk (h)
    </button>
  );
}
