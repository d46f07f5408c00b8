import { safeReturnPath } from "@/lib/auth/return-path";
import { config } from "@/lib/config";
import { DEMO_PASSWORD, DEMO_USERS } from "@/lib/demo/seed-demo";
import { SignInForm } from "./sign-in-form";

export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const demo = config().DEMO_DATA === "1";
  const next = safeReturnPath((await searchParams).next);
  return (
    <main className="mx-auto mt-24 max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
      <h1 className="text-xl font-semibold">Review Trust Workbench</h1>
      <p className="mb-6 mt-1 text-sm text-slate-600">Sign in to crawl, screen, annotate and publish.</p>
      <SignInForm next={next} />
      {demo && (
        <div className="mt-6 rounded-md bg-amber-50 p-3 text-xs text-amber-900">
          <p className="font-medium">
            Demo accounts (password <code>{DEMO_PASSWORD}</code>):
          </p>
          <ul className="mt-1 space-y-0.5">
            {DEMO_USERS.map((u) => (
              <li key={u.login}>
                <code>{u.login}</code>: {u.roles.join(", ")}
              </li>
            ))}
          </ul>
        </div>
      )}
    </main>
  );
}
