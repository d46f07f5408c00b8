"use client";
// The stage links, with the current stage marked (aria-current and a filled tab) so a user always
// sees where they are; /annotate/abc belongs to Annotate, / only to Overview.
import Link from "next/link";
import { usePathname } from "next/navigation";

export function NavLinks({ links }: { links: { href: string; label: string }[] }) {
  const pathname = usePathname();
  const current = (href: string) => (href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`));
  return (
    <nav aria-label="Pipeline stages" className="flex flex-wrap gap-0.5 text-sm">
      {links.map((n) => (
        <Link
          key={n.href}
          href={n.href}
          aria-current={current(n.href) ? "page" : undefined}
          className={`whitespace-nowrap rounded-md px-2 py-1.5 ${
            current(n.href) ? "bg-indigo-50 font-medium text-indigo-800" : "text-slate-700 hover:bg-slate-100"
          }`}
        >
          {n.label}
        </Link>
      ))}
    </nav>
  );
}
