// Test fixture: the demo world with one fresh inline-comment instance assigned to exactly the
// given annotators, unlabelled and in annotation.
import type { PrismaClient } from "@/lib/db/generated/client";
import type { SessionUser } from "@/lib/auth/roles";

export async function demoUsers(prisma: PrismaClient): Promise<Record<string, SessionUser>> {
  const users: Record<string, SessionUser> = {};
  for (const u of await prisma.user.findMany()) users[u.login] = { id: u.id, login: u.login, name: u.name, roles: u.roles };
  return users;
}

export async function freshInstanceFor(prisma: PrismaClient, annotators: SessionUser[], skip: string[] = []): Promise<string> {
  const instance = await prisma.instance.findFirstOrThrow({
    where: { source: "human", labels: { none: {} }, adjudication: null, targetEntry: { kind: "inline" }, id: { notIn: skip } },
    orderBy: [{ pullRequest: { number: "asc" } }, { targetEntry: { createdAt: "asc" } }],
  });
  await prisma.assignment.deleteMany({ where: { instanceId: instance.id } });
  await prisma.assignment.createMany({ data: annotators.map((a) => ({ instanceId: instance.id, annotatorId: a.id })) });
  await prisma.instance.update({ where: { id: instance.id }, data: { stage: "annotating", finalLabel: null } });
  return instance.id;
}
