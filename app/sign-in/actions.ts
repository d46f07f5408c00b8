"use server";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getPrisma } from "@/lib/db/server";
import { SESSION_COOKIE, signIn, signOut } from "@/lib/auth/sessions";

const SignInRequestSchema = z.object({
  login: z.string().trim().min(1, "Enter your login").max(100),
  password: z.string().min(1, "Enter your password").max(200),
});

export type SignInState = { error?: string };

export async function signInAction(_prev: SignInState, form: FormData): Promise<SignInState> {
  const parsed = SignInRequestSchema.safeParse({ login: form.get("login"), password: form.get("password") });
  if (!parsed.success) return { error: parsed.error.issues[0].message };
  const session = await signIn(await getPrisma(), parsed.data.login, parsed.data.password);
  if (!session) return { error: "Unknown login or wrong password." };
  (await cookies()).set(SESSION_COOKIE, session.token, {
    httpOnly: true, sameSite: "lax", path: "/", expires: session.expiresAt,
    secure: process.env.NODE_ENV === "production" && process.env.INSECURE_COOKIES !== "1",
  });
  redirect("/");
}

export async function signOutAction(): Promise<void> {
  const jar = await cookies();
  await signOut(await getPrisma(), jar.get(SESSION_COOKIE)?.value);
  jar.delete(SESSION_COOKIE);
  redirect("/sign-in");
}
