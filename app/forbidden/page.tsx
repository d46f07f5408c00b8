import Link from "next/link";

export default async function ForbiddenPage({ searchParams }: { searchParams: Promise<{ needs?: string }> }) {
  const { needs } = await searchParams;
  return (
    <main className="mx-auto mt-24 max-w-md rounded-xl border border-red-200 bg-white p-8">
      <h1 className="text-xl font-semibold text-red-800">Not allowed</h1>
      <p className="mt-2 text-slate-700">
        This page needs the {needs ? needs.split(",").join(" or ") : "right"} role. Ask an admin if you need access.
      </p>
      <Link href="/" className="mt-4 inline-block text-indigo-700 underline">
        Back to the overview
      </Link>
    </main>
  );
}
