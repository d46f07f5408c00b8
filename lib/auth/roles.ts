// Roles come from the database enum (lib/db/enums.ts), so a role added to the schema reaches the checks.
import { RoleSchema, type Role } from "@/lib/db/enums";

export { RoleSchema, type Role };

export interface SessionUser {
  id: string;
  login: string;
  name: string;
  roles: Role[];
}

export class AccessDeniedError extends Error {
  readonly status = 403;
  constructor(readonly needed: Role[]) {
    super(`This needs the ${needed.join(" or ")} role.`);
    this.name = "AccessDeniedError";
  }
}

export class NotSignedInError extends Error {
  readonly status = 401;
  constructor() {
    super("Sign in first.");
    this.name = "NotSignedInError";
  }
}

export function hasRole(user: SessionUser, ...roles: Role[]): boolean {
  return roles.some((r) => user.roles.includes(r));
}

/** The one role check every page, route and action goes through. */
export function assertRole(user: SessionUser | null, ...roles: Role[]): SessionUser {
  if (!user) throw new NotSignedInError();
  if (roles.length && !hasRole(user, ...roles)) throw new AccessDeniedError(roles);
  return user;
}
