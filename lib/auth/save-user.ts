// Accounts without the demo: a new database (DEMO_DATA=0) has no users, so nobody could sign in. The one
// way to add or change one is scripts/users.ts (and nothing on the web, which would need an account first).
// Saving an existing login replaces its name, roles and password, and signs it out everywhere.
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";
import { RoleSchema } from "@/lib/db/enums";
import { hashPassword } from "./password";
import { recordAudit } from "@/lib/audit/record-audit";

export const SaveUserRequestSchema = z.object({
  login: z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,38}$/i, "a login is letters, digits, '_', '.' or '-' (at most 39)"),
  name: z.string().trim().min(1).optional(),
  roles: z.array(RoleSchema).min(1, "give at least one role"),
  password: z.string().min(8, "a password has at least 8 characters"),
});
export type SaveUserRequest = z.input<typeof SaveUserRequestSchema>;

export async function saveUser(prisma: PrismaClient, request: SaveUserRequest): Promise<{ id: string; created: boolean }> {
  const { login, name, roles, password } = SaveUserRequestSchema.parse(request);
  const passwordHash = await hashPassword(password);
  const existing = await prisma.user.findUnique({ where: { login }, select: { id: true } });
  const user = await prisma.user.upsert({
    where: { login },
    create: { login, name: name ?? login, roles, passwordHash },
    update: { ...(name ? { name } : {}), roles, passwordHash },
  });
  if (existing) await prisma.session.deleteMany({ where: { userId: user.id } });
  await recordAudit(prisma, { action: existing ? "user.updated" : "user.created", subjectId: login, details: { roles } });
  return { id: user.id, created: !existing };
}
