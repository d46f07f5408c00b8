import Link from "next/link";
import type { ReactNode } from "react";
import { requirePageRole } from "@/lib/auth/current-user";
import { hasRole } from "@/lib/auth/roles";
import { signOutAction } from "../sign-in/actions";
import { OVERVIEW_ROLES, STAGE_NAV } from "./nav";

export const dynamic = "force-dynamic";

export default async function WorkbenchLayout({ children }: { children: ReactNode }) {
  const user = await requirePageRole();
  const links = STAGE_NAV.filter((n) => n.roles.length === 0 || hasRole(user, ...n.roles));
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-6 px-6 py-3">
          <Link href={hasRole(user, ...OVERVIEW_ROLES) ? "/" : "/annotate"} className="font-semibold text-indigo-700">
            Review Trust Workbench
          </Link>
          <nav aria-label="Pipeline stages" className="flex gap-1 text-sm">
            {links.map((n) => (
              <Link key={n.href} href={n.href} className="rounded-md px-3 py-1.5 text-slate-700 hover:bg-slate-100">
                {n.label}
              </Link>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm text-slate-600">
            <span data-testid="current-user">
              {user.name} <span className="text-slate-500">({user.roles.join(", ")})</span>
            </span>
            <form action={signOutAction}>
              <button type="submit" className="rounded-md border border-slate-300 px-2 py-1 hover:bg-slate-50">
                Sign out
              </button>
            </form>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-6 py-6">{children}</main>
    </div>
  );
}
