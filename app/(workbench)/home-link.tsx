"use client";
// The reader's start page, chosen on the server by the layout (lib/auth/page-access.ts: the overview
// for leads with no labelling open, else the queue), for links on client pages such as the error page.
import Link from "next/link";
import { createContext, type ReactNode, useContext } from "react";

type Home = { href: string; words: string };

// every role opens the queue: the safe default
const HomeContext = createContext<Home>({ href: "/annotate", words: "Back to your queue" });

export function HomeProvider({ home, children }: { home: Home; children: ReactNode }) {
  return <HomeContext.Provider value={home}>{children}</HomeContext.Provider>;
}

export function HomeLink({ className, testId }: { className?: string; testId?: string }) {
  const home = useContext(HomeContext);
  return (
    <Link href={home.href} className={className} data-testid={testId}>
      {home.words}
    </Link>
  );
}
