import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getPrisma } from "@/lib/db/server";
import { REQUEST_PATH_HEADER, signInPathFor } from "./return-path";
import { assertRole, hasRole, type Role, type SessionUser } from "./roles";
import { SESSION_COOKIE, userForToken } from "./sessions";

export async function currentUser(): Promise<SessionUser | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return userForToken(await getPrisma(), token);
}

/** For pages: signed out → sign-in page (and back to this page after); wrong role → the forbidden page. */
export async function requirePageRole(...roles: Role[]): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect(signInPathFor((await headers()).get(REQUEST_PATH_HEADER)));
  if (roles.length && !hasRole(user, ...roles)) redirect(`/forbidden?needs=${roles.join(",")}`);
  return user;
}

/** For route handlers and server actions: throws AppError unauthorized / forbidden. */
export async function requireRole(...roles: Role[]): Promise<SessionUser> {
  return assertRole(await currentUser(), ...roles);
}
