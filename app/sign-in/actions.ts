"use server";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getPrisma } from "@/lib/db/server";
import { clientAddress } from "@/lib/auth/client-address";
import { clientKey } from "@/lib/auth/peer-address";
import { safeReturnPath } from "@/lib/auth/return-path";
import { landingPathOf } from "@/lib/auth/page-access";
import { countOpenLabelling } from "@/lib/annotate/open-labelling";
import { SESSION_COOKIE, signIn, signOut } from "@/lib/auth/sessions";
import { config } from "@/lib/config";
import { isAppError } from "@/lib/errors";
import { noNul } from "@/lib/untrusted-json";

// a NUL character can be neither a login nor a password (PostgreSQL cannot even look it up)
const SignInRequestSchema = z.object({
  login: z.string().trim().min(1, "Enter your login").max(100).refine(noNul, "Unknown login or wrong password."),
  password: z.string().min(1, "Enter your password").max(200).refine(noNul, "Unknown login or wrong password."),
});

export type SignInState = { error?: string };

export async function signInAction(_prev: SignInState, form: FormData): Promise<SignInState> {
  // a hand-made call without the state argument (or the form) is answered, not a crash
  if (!(form instanceof FormData)) return { error: "Send the sign-in form: your login and password." };
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
  // straight to the page asked for when the role opens it, else to where this user starts (a queue with
  // items to label, or the overview), not through a redirect or a "Not allowed"
  redirect(await landingAfterSignIn(parsed.data.login, safeReturnPath(form.get("next"))));
}

async function landingAfterSignIn(login: string, next: string | null): Promise<string> {
  const prisma = await getPrisma();
  const user = await prisma.user.findUnique({ where: { login }, select: { id: true, roles: true } });
  if (!user) return "/";
  return landingPathOf(user, next, await countOpenLabelling(prisma, user.id));
}

export async function signOutAction(): Promise<void> {
  const jar = await cookies();
  await signOut(await getPrisma(), jar.get(SESSION_COOKIE)?.value);
  jar.delete(SESSION_COOKIE);
  redirect("/sign-in");
}
