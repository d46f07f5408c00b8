"use client";
// The message of a form action that was refused (lib/http/form-action.ts plainAction: `?notice=`), shown
// above the page it came back to, until dismissed.
import { usePathname, useRouter, useSearchParams } from "next/navigation";

export function ActionNotice() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const notice = params.get("notice");
  if (!notice) return null;
  const dismiss = () => {
    const rest = new URLSearchParams(params);
    rest.delete("notice");
    router.replace(rest.size ? `${pathname}?${rest}` : pathname);
  };
  return (
    <div
      role="alert"
      data-testid="action-notice"
      className="mb-4 flex items-start gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-900"
    >
      <p className="flex-1">
        <span className="font-semibold">Not done: </span>
        {notice}
      </p>
      <button type="button" onClick={dismiss} className="rounded border border-red-300 px-2 py-0.5 text-sm hover:bg-red-100">
        Dismiss
      </button>
    </div>
  );
}
