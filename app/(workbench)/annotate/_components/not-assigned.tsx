import Link from "next/link";

export function NotAssigned({ message }: { message: string }) {
  return (
    <div className="mx-auto mt-12 max-w-md rounded-xl border border-amber-200 bg-white p-8" data-testid="not-assigned">
      <h1 className="text-xl font-semibold text-amber-800">Not yours to open</h1>
      <p className="mt-2 text-slate-700">{message}</p>
      <Link href="/annotate" className="mt-4 inline-block text-indigo-700 underline">
        Back to your queue
      </Link>
    </div>
  );
}
