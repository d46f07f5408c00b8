// Roles come from the database enum (lib/db/enums.ts), so a role added to the schema reaches the checks.
import type { Role } from "@/lib/db/enums";
import { AppError } from "@/lib/errors";

export type { Role };

export interface SessionUser {
  id: string;
  login: string;
  name: string;
  roles: Role[];
}

export function hasRole(user: Pick<SessionUser, "roles">, ...roles: Role[]): boolean {
  return roles.some((r) => user.roles.includes(r));
}

/** The one role check every page, route and action goes through. */
export function assertRole(user: SessionUser | null, ...roles: Role[]): SessionUser {
  if (!user) throw new AppError("unauthorized", "Sign in first.");
  if (roles.length && !hasRole(user, ...roles))
    throw new AppError("forbidden", `This needs the ${roles.join(" or ")} role.`, { needed: roles });
  return user;
}
