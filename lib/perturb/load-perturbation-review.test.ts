import { describe, expect, test } from "vitest";
import { readAuditEvent, type StoredAuditRow } from "@/lib/audit/read-audit";
import { summariseHistoryEvent } from "./load-perturbation-review";

const row = (action: string, details: StoredAuditRow["details"]): StoredAuditRow => ({
  action,
  subjectType: "instance",
  subjectId: "p1",
  actorId: "u1",
  at: new Date("2026-03-02T10:00:00.000Z"),
  details,
});
const line = (action: string, details: StoredAuditRow["details"]) => summariseHistoryEvent(readAuditEvent(row(action, details)));

describe("the perturbation's history lines", () => {
  test("each action's line is read from its typed details", () => {
    expect(line("perturb.create", { parentId: "i1", kind: "negation", origin: "llm", rule: "", rationale: "", key: "k" })).toBe(
      "created (proposed by a model)",
    );
    expect(
      line("perturb.create", { parentId: "i1", kind: "negation", origin: "rule", rule: "not-insertion", rationale: "", key: "k" }),
    ).toBe("created by the rule that inserts a “not”");
    expect(
      line("perturb.edit", {
        previousBody: "a",
        body: "b",
        note: "typo",
        discarded: [
          { verifierId: "u2", decision: "accepted" },
          { verifierId: "u3", decision: "rejected" },
        ],
      }),
    ).toBe("edited the text: typo; 2 earlier verifications discarded");
    expect(
      line("perturb.verify", { decision: "accepted", note: "", edited: true, accepted: 2, required: 2, verification: "accepted" }),
    ).toBe("accepted the edited text → accepted");
    expect(
      line("perturb.verify", {
        decision: "rejected",
        note: "still true",
        edited: false,
        accepted: 0,
        required: 2,
        verification: "rejected",
      }),
    ).toBe("rejected: still true → rejected");
    expect(line("perturb.withdraw", { decision: "accepted", accepted: 0, required: 2 })).toBe("withdrew their accepted vote");
    expect(line("perturb.settle", { verification: "accepted", requiredVerifiers: 1 })).toBe(
      "settled as accepted after the verifier count changed to 1",
    );
  });

  test("a row that does not fit its action's schema shows its details as stored", () => {
    expect(line("perturb.withdraw", { decision: "accepted" })).toBe('perturb.withdraw {"decision":"accepted"}');
    expect(line("perturb.retracted", null)).toBe("perturb.retracted null");
  });
});
