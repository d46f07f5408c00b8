import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./code-highlight.css";
import "./globals.css";
import { Providers } from "./providers";

// every page carries its request's CSP nonce (proxy.ts), so none may be prerendered without one
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Review Trust Workbench",
  description: "Build benchmark datasets of code-review comments labelled technically trustworthy or not.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
