import Link from "next/link";
import { type ReactNode, Suspense } from "react";
import { requirePageRole } from "@/lib/auth/current-user";
import { homeLinkWords, homePathOf } from "@/lib/auth/page-access";
import { hasRole } from "@/lib/auth/roles";
import { countOpenLabelling } from "@/lib/annotate/open-labelling";
import { getPrisma } from "@/lib/db/server";
import { signOutAction } from "../sign-in/actions";
import { HomeProvider } from "./home-link";
import { STAGE_NAV } from "./nav";
import { ActionNotice } from "./action-notice";
import { NavLinks } from "./nav-links";

export const dynamic = "force-dynamic";

export default async function WorkbenchLayout({ children }: { children: ReactNode }) {
  const user = await requirePageRole();
  const links = STAGE_NAV.filter((n) => n.roles.length === 0 || hasRole(user, ...n.roles));
  const home = homePathOf(user, await countOpenLabelling(await getPrisma(), user.id));
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only rounded-md bg-indigo-700 px-3 py-2 text-white focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        {/* wraps instead of overlapping: when the links and the user do not fit one line, the user moves down */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-6 py-3">
          <Link href={home} className="whitespace-nowrap font-semibold text-indigo-700">
            Review Trust Workbench
          </Link>
          <NavLinks links={links.map(({ href, label }) => ({ href, label }))} />
          <div className="ml-auto flex items-center gap-3 whitespace-nowrap text-sm text-slate-600">
            <span data-testid="current-user" className="flex flex-col text-right leading-tight">
              <span>{user.name}</span>
              <span className="text-xs text-slate-500">{user.roles.join(", ")}</span>
            </span>
            <form action={signOutAction}>
              <button type="submit" className="rounded-md border border-slate-300 px-2 py-1 hover:bg-slate-50">
                Sign out
              </button>
            </form>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-6 py-6 focus:outline-none">
        <Suspense>
          <ActionNotice />
        </Suspense>
        <HomeProvider home={{ href: home, words: homeLinkWords(home) }}>{children}</HomeProvider>
      </main>
    </div>
  );
}
