import { randomBytes, scryptSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import type { Database } from "@/lib/db/connection";
import { isAppError } from "@/lib/errors";
import { hashPassword, needsRehash } from "./password";
import { signIn, userForToken } from "./sessions";
import { SIGN_INS_PER_CLIENT } from "./sign-in-gate";
import { FREE_FAILURES_PER_ADDRESS, FREE_FAILURES_PER_LOGIN } from "./sign-in-throttle";

describe.each(TEST_DATABASE_KINDS)("signIn on %s", (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  const newUser = async (password = "correct horse") => {
    const login = `u-${randomBytes(4).toString("hex")}`;
    await db.prisma.user.create({ data: { login, name: login, roles: ["annotator"], passwordHash: await hashPassword(password) } });
    return login;
  };
  const failures = (login: string) => db.prisma.auditEvent.count({ where: { action: "session.sign_in_failed", subjectId: login } });

  it("opens a session for the right password and audits wrong ones", async () => {
    const login = await newUser();
    expect(await signIn(db.prisma, login, "wrong", { address: "10.0.0.1" })).toBeNull();
    expect(await failures(login)).toBe(1);
    const session = await signIn(db.prisma, login, "correct horse", { address: "10.0.0.1" });
    expect(session).not.toBeNull();
    expect((await userForToken(db.prisma, session?.token))?.login).toBe(login);
  });

  it("a flood of 80 sign-ins with unknown logins queues at most 10 hashes; the rest and a real user are answered, none left waiting (#32 item 5)", async () => {
    const login = await newUser();
    const settled: string[] = [];
    const flood = Array.from({ length: 80 }, (_, i) =>
      signIn(db.prisma, `nobody-${i}-${randomBytes(3).toString("hex")}`, "guess", { address: null }).then(
        () => settled.push("answered"),
        (e) => settled.push(isAppError(e, "rate_limited") ? "busy" : `error: ${(e as Error).message}`),
      ),
    );
    const real = signIn(db.prisma, login, "correct horse", { address: null }).then(
      (session) => (session ? "signed in" : "refused"),
      (e) => (isAppError(e, "rate_limited") ? "busy" : `error: ${(e as Error).message}`),
    );
    await Promise.all(flood);
    // the bounded queue (2 hashing, 8 waiting): attempts beyond it are told "busy" at once instead of queued
    expect(settled.filter((s) => s === "busy").length).toBeGreaterThan(0);
    expect(settled.filter((s) => s !== "answered" && s !== "busy")).toEqual([]);
    // the real user got an answer too, and once the flood passed, signs in
    expect(["signed in", "busy"]).toContain(await real);
    expect(await signIn(db.prisma, login, "correct horse", { address: null })).not.toBeNull();
  });

  it("a one-client flood of 40 unknown logins is refused before the queue, and a real user from another client signs in (#45 I)", async () => {
    const login = await newUser();
    const flooder = `10.45.${randomBytes(1)[0]}.1`;
    const answers = Array.from({ length: 40 }, (_, i) =>
      signIn(db.prisma, `flood-${i}-${randomBytes(3).toString("hex")}`, "guess", { address: null, client: flooder }).then(
        () => "answered",
        (e) => (isAppError(e, "rate_limited") ? "busy" : `error: ${(e as Error).message}`),
      ),
    );
    const real = await signIn(db.prisma, login, "correct horse", { address: null, client: `10.46.${randomBytes(1)[0]}.2` });
    expect(real).not.toBeNull();
    const settled = await Promise.all(answers);
    expect(settled.filter((a) => a === "answered")).toHaveLength(SIGN_INS_PER_CLIENT);
    expect(settled.filter((a) => a === "busy")).toHaveLength(40 - SIGN_INS_PER_CLIENT);
  });

  it("refuses a client's extra sign-in the same way whether its login exists or not (no oracle)", async () => {
    const login = await newUser();
    const client = `10.47.${randomBytes(1)[0]}.3`;
    const underWay = Array.from({ length: SIGN_INS_PER_CLIENT }, (_, i) =>
      signIn(db.prisma, `busy-${i}-${randomBytes(3).toString("hex")}`, "guess", { address: null, client }),
    );
    const known = signIn(db.prisma, login, "wrong", { address: null, client }).catch((e: unknown) => e);
    const unknown = signIn(db.prisma, `nobody-${randomBytes(3).toString("hex")}`, "wrong", { address: null, client }).catch(
      (e: unknown) => e,
    );
    const [a, b] = await Promise.all([known, unknown]);
    await Promise.all(underWay);
    expect(isAppError(a, "rate_limited") && isAppError(b, "rate_limited")).toBe(true);
    expect((a as Error).message).toBe((b as Error).message);
    // once the client's sign-ins are answered it may try again
    expect(await signIn(db.prisma, login, "correct horse", { address: null, client })).not.toBeNull();
  });

  it("throttles a login after its free failures, even for the right password, without hashing", async () => {
    const login = await newUser();
    // one clock for every attempt: the first wait is 1 s from the last failure, and on a busy machine that
    // failure's own hash outlasts it
    const now = new Date();
    for (let i = 0; i < FREE_FAILURES_PER_LOGIN; i++)
      expect(await signIn(db.prisma, login, `guess ${i}`, { address: `10.1.0.${i}`, now })).toBeNull();
    const attempt = signIn(db.prisma, login, "correct horse", { address: "10.2.0.1", now });
    await expect(attempt).rejects.toSatisfy((e) => isAppError(e, "rate_limited"));
    await expect(signIn(db.prisma, login, "correct horse", { address: "10.2.0.1", now })).rejects.toThrow(/try again in \d+ s/);
    expect(await failures(login)).toBe(FREE_FAILURES_PER_LOGIN); // refused attempts are not new failures
    // after the wait the right password works again
    const later = new Date(now.getTime() + 60_000);
    expect(await signIn(db.prisma, login, "correct horse", { address: "10.2.0.1", now: later })).not.toBeNull();
  });

  it("throttles unknown logins like known ones (no enumeration)", async () => {
    const login = `nobody-${randomBytes(4).toString("hex")}`;
    // one clock for every attempt, as above: each unknown login is hashed against the dummy hash, as slowly
    const now = new Date();
    for (let i = 0; i < FREE_FAILURES_PER_LOGIN; i++) expect(await signIn(db.prisma, login, "x", { address: null, now })).toBeNull();
    await expect(signIn(db.prisma, login, "x", { address: null, now })).rejects.toThrow(/Too many failed sign-ins/);
  });

  it("throttles one address guessing across many logins", async () => {
    const address = `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    // one clock for every attempt: on a busy machine the slow hashes would otherwise use up the short wait
    const now = new Date();
    for (let i = 0; i < FREE_FAILURES_PER_ADDRESS; i++) await signIn(db.prisma, `spray-${i}-${address}`, "x", { address, now });
    const login = await newUser();
    await expect(signIn(db.prisma, login, "correct horse", { address, now })).rejects.toSatisfy((e) => isAppError(e, "rate_limited"));
    expect(await signIn(db.prisma, login, "correct horse", { address: "10.3.0.1", now })).not.toBeNull();
  });

  it("upgrades a hash made with older scrypt parameters at sign-in", async () => {
    const login = `old-${randomBytes(4).toString("hex")}`;
    const salt = randomBytes(16);
    const key = scryptSync("pw", salt, 32, { N: 16384, r: 8, p: 1 });
    const old = `scrypt$16384$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
    expect(needsRehash(old)).toBe(true);
    await db.prisma.user.create({ data: { login, name: login, roles: ["annotator"], passwordHash: old } });
    expect(await signIn(db.prisma, login, "pw", { address: null })).not.toBeNull();
    const stored = (await db.prisma.user.findUniqueOrThrow({ where: { login } })).passwordHash;
    expect(stored).not.toBe(old);
    expect(needsRehash(stored)).toBe(false);
    expect(await signIn(db.prisma, login, "pw", { address: null })).not.toBeNull();
  });

  it("deletes expired sessions when someone signs in", async () => {
    const login = await newUser();
    const user = await db.prisma.user.findUniqueOrThrow({ where: { login } });
    await db.prisma.session.create({ data: { tokenHash: `expired-${login}`, userId: user.id, expiresAt: new Date(Date.now() - 1000) } });
    await signIn(db.prisma, login, "correct horse", { address: null });
    expect(await db.prisma.session.count({ where: { tokenHash: `expired-${login}` } })).toBe(0);
  });
});
