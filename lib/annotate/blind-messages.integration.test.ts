// What an annotator reads never tells how a co-annotator labelled: re-posting a label on a closed
// instance answers "closed", never "adjudicating" (they disagreed) or "labelled" (they agreed).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SessionUser } from "@/lib/auth/roles";
import type { Database } from "@/lib/db/connection";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { isAppError } from "@/lib/errors";
import { submitLabel, submitOwnLabel } from "./submit-label";
import { demoUsers, freshInstanceFor } from "./testing/annotation-fixture";

describe("blind messages", () => {
  let db: Database;
  let users: Record<string, SessionUser>;
  beforeAll(async () => {
    db = await openSeededTestDatabase("embedded");
    users = await demoUsers(db.prisma);
  });
  afterAll(async () => db?.close());

  const refusal = async (instanceId: string, annotator: SessionUser) => {
    const e = await submitOwnLabel(db.prisma, annotator.id, { instanceId, value: "unsuitable", rationale: "changed my mind" }).catch(
      (x: unknown) => x,
    );
    if (!isAppError(e, "annotation_closed")) throw new Error(`expected annotation_closed, got ${String(e)}`);
    return e.message;
  };

  test("after a disagreement and after an agreement the annotator reads the same words", async () => {
    const disagreed = await freshInstanceFor(db.prisma, [users.alice, users.bob]);
    await submitLabel(db.prisma, { instanceId: disagreed, annotatorId: users.alice.id, value: "trustworthy", rationale: "holds" });
    const second = await submitOwnLabel(db.prisma, users.bob.id, {
      instanceId: disagreed,
      value: "untrustworthy",
      rationale: "does not hold",
    });
    expect(second.stage).toBe("closed");

    const agreed = await freshInstanceFor(db.prisma, [users.alice, users.bob], [disagreed]);
    await submitLabel(db.prisma, { instanceId: agreed, annotatorId: users.alice.id, value: "trustworthy", rationale: "holds" });
    await submitLabel(db.prisma, { instanceId: agreed, annotatorId: users.bob.id, value: "trustworthy", rationale: "holds too" });

    const afterDisagreement = await refusal(disagreed, users.alice);
    const afterAgreement = await refusal(agreed, users.alice);
    expect(afterDisagreement).toBe(afterAgreement);
    for (const word of ["adjudicat", "labelled", "unsuitable", "disagree", "agree"])
      expect(afterDisagreement.toLowerCase()).not.toContain(word);
  });
});
