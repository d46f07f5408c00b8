"use server";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getPrisma } from "@/lib/db/server";
import { clientAddress } from "@/lib/auth/client-address";
import { clientKey } from "@/lib/auth/peer-address";
import { safeReturnPath } from "@/lib/auth/return-path";
import { hasRole } from "@/lib/auth/roles";
import { SESSION_COOKIE, signIn, signOut } from "@/lib/auth/sessions";
import { config } from "@/lib/config";
import { isAppError } from "@/lib/errors";
import { noNul } from "@/lib/untrusted-json";
import { OVERVIEW_ROLES } from "../(workbench)/nav";

// a NUL character can be neither a login nor a password (PostgreSQL cannot even look it up)
const SignInRequestSchema = z.object({
  login: z.string().trim().min(1, "Enter your login").max(100).refine(noNul, "Unknown login or wrong password."),
  password: z.string().min(1, "Enter your password").max(200).refine(noNul, "Unknown login or wrong password."),
});

export type SignInState = { error?: string };

export async function signInAction(_prev: SignInState, form: FormData): Promise<SignInState> {
  const parsed = SignInRequestSchema.safeParse({ login: form.get("login"), password: form.get("password") });
  if (!parsed.success) return { error: parsed.error.issues[0].message };
  let session: Awaited<ReturnType<typeof signIn>>;
  try {
    const requestHeaders = await headers();
    session = await signIn(await getPrisma(), parsed.data.login, parsed.data.password, {
      address: clientAddress(requestHeaders, config().TRUST_PROXY),
      client: clientKey(requestHeaders, config().TRUST_PROXY),
    });
  } catch (e) {
    if (isAppError(e, "rate_limited")) return { error: e.message };
    throw e;
  }
  if (!session) return { error: "Unknown login or wrong password." };
  (await cookies()).set(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    expires: session.expiresAt,
    secure: process.env.NODE_ENV === "production" && !config().INSECURE_COOKIES,
  });
  // straight to where this user starts (an annotator's queue), not through the overview's redirect
  redirect(safeReturnPath(form.get("next")) ?? (await landingPathOf(parsed.data.login)));
}

async function landingPathOf(login: string): Promise<string> {
  const user = await (await getPrisma()).user.findUnique({ where: { login }, select: { roles: true } });
  return user && hasRole(user, ...OVERVIEW_ROLES) ? "/" : "/annotate";
}

export async function signOutAction(): Promise<void> {
  const jar = await cookies();
  await signOut(await getPrisma(), jar.get(SESSION_COOKIE)?.value);
  jar.delete(SESSION_COOKIE);
  redirect("/sign-in");
}
