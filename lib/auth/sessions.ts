// Session tokens are random; only their sha256 is stored, so a copied database grants nothing.
import { createHash, randomBytes } from "node:crypto";
import type { PrismaClient } from "@/lib/db/generated/client";
import { verifyPassword } from "./password";
import type { SessionUser } from "./roles";

export const SESSION_COOKIE = "wb_session";
export const SESSION_DAYS = 14;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function signIn(prisma: PrismaClient, login: string, password: string) {
  const user = await prisma.user.findUnique({ where: { login } });
  // Same message for unknown user and wrong password: don't reveal which logins exist.
  if (!user || !(await verifyPassword(password, user.passwordHash))) return null;
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await prisma.session.create({ data: { tokenHash: hashToken(token), userId: user.id, expiresAt } });
  await prisma.auditEvent.create({ data: { actorId: user.id, action: "session.sign_in", subjectType: "user", subjectId: user.id } });
  return { token, expiresAt };
}

export async function userForToken(prisma: PrismaClient, token: string | undefined): Promise<SessionUser | null> {
  if (!token) return null;
  const session = await prisma.session.findUnique({ where: { tokenHash: hashToken(token) }, include: { user: true } });
  if (!session || session.expiresAt < new Date()) return null;
  const { id, login, name, roles } = session.user;
  return { id, login, name, roles };
}

export async function signOut(prisma: PrismaClient, token: string | undefined) {
  if (token) await prisma.session.deleteMany({ where: { tokenHash: hashToken(token) } });
}
