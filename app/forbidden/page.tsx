import Link from "next/link";
import { countOpenLabelling } from "@/lib/annotate/open-labelling";
import { currentUser } from "@/lib/auth/current-user";
import { homeLinkWords, homePathOf } from "@/lib/auth/page-access";
import { getPrisma } from "@/lib/db/server";

export default async function ForbiddenPage({ searchParams }: { searchParams: Promise<{ needs?: string }> }) {
  const { needs } = await searchParams;
  // back to a page this reader opens: their queue or the overview (signed out: the sign-in page)
  const user = await currentUser();
  const home = user ? homePathOf(user, await countOpenLabelling(await getPrisma(), user.id)) : null;
  return (
    <main className="mx-auto mt-24 max-w-md rounded-xl border border-red-200 bg-white p-8">
      <h1 className="text-xl font-semibold text-red-800">Not allowed</h1>
      <p className="mt-2 text-slate-700">
        This page needs the {needs ? needs.split(",").join(" or ") : "right"} role. Ask an admin if you need access.
      </p>
      <Link href={home ?? "/sign-in"} className="mt-4 inline-block text-indigo-700 underline" data-testid="home-link">
        {home ? homeLinkWords(home) : "Sign in"}
      </Link>
    </main>
  );
}
