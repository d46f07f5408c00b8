// Session tokens are random; only their sha256 is stored, so a copied database grants nothing.
import { createHash, randomBytes } from "node:crypto";
import type { PrismaClient } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "./password";
import { FREE_FAILURES_PER_ADDRESS, FREE_FAILURES_PER_LOGIN, THROTTLE_WINDOW_MS, waitAfterFailures } from "./sign-in-throttle";
import type { SessionUser } from "./roles";
import { admitSignIn } from "./sign-in-gate";
import { recordAudit } from "@/lib/audit/record-audit";

export const SESSION_COOKIE = "wb_session";
const SESSION_DAYS = 14;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface SignInContext {
  /** the client's address as the server saw it, for per-address throttling; null when unknown */
  address: string | null;
  /** who is signing in, for fairness between clients (lib/auth/sign-in-gate.ts); null or absent: not limited */
  client?: string | null;
  now?: Date;
}

const FAILED = "session.sign_in_failed";

/**
 * Checks a login and password and opens a session, or returns null for an unknown login or a wrong
 * password (one answer for both, in the same time: unknown logins are checked against a dummy hash).
 * Every failure is audited; after repeated failures per login or per address it throws
 * AppError("rate_limited") with the wait, before hashing anything.
 */
export async function signIn(prisma: PrismaClient, login: string, password: string, context: SignInContext = { address: null }) {
  // one client's flood is refused here, before any query or hash, so it cannot fill the hashing queue
  const release = admitSignIn(context.client ?? null);
  try {
    return await checkAndOpenSession(prisma, login, password, context);
  } finally {
    release();
  }
}

async function checkAndOpenSession(prisma: PrismaClient, login: string, password: string, context: SignInContext) {
  const now = context.now ?? new Date();
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const [byLogin, byAddress] = await Promise.all([
    prisma.auditEvent.findMany({
      where: { action: FAILED, subjectType: "login", subjectId: login, at: { gte: since } },
      select: { at: true },
    }),
    context.address === null
      ? Promise.resolve([])
      : prisma.auditEvent.findMany({
          where: { action: FAILED, at: { gte: since }, details: { path: ["address"], equals: context.address } },
          select: { at: true },
        }),
  ]);
  const waitMs = Math.max(
    waitAfterFailures(
      byLogin.map((e) => e.at),
      FREE_FAILURES_PER_LOGIN,
      now,
    ),
    waitAfterFailures(
      byAddress.map((e) => e.at),
      FREE_FAILURES_PER_ADDRESS,
      now,
    ),
  );
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new AppError("rate_limited", `Too many failed sign-ins; try again in ${seconds} s.`, { retryAfterSeconds: seconds });
  }

  const user = await prisma.user.findUnique({ where: { login } });
  const ok = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  if (!user || !ok) {
    await recordAudit(prisma, { at: now, action: FAILED, subjectId: login, details: { address: context.address } });
    return null;
  }
  if (needsRehash(user.passwordHash))
    await prisma.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password) } });
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  await prisma.session.deleteMany({ where: { expiresAt: { lt: now } } });
  await prisma.session.create({ data: { tokenHash: hashToken(token), userId: user.id, expiresAt } });
  await recordAudit(prisma, { actorId: user.id, action: "session.sign_in", subjectId: user.id });
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
