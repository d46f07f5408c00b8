import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { errorAnswer } from "./error-response";

describe("errorAnswer", () => {
  it("maps bad input to 422 with the issues", () => {
    const parsed = z.object({ seed: z.number() }).safeParse({ seed: "x" });
    if (parsed.success) throw new Error("expected a failure");
    const a = errorAnswer(parsed.error);
    expect(a.status).toBe(422);
    expect(a.body.code).toBe("invalid_input");
    expect(a.body.error).toContain("seed");
    expect(a.body.issues).toHaveLength(1);
  });

  it("maps an AppError to its code's status, message and details", () => {
    expect(errorAnswer(new AppError("not_assigned", "Not yours.", { instanceId: "i1" }))).toEqual({
      status: 403,
      body: { code: "not_assigned", error: "Not yours.", details: { instanceId: "i1" } },
    });
    expect(errorAnswer(new AppError("busy", "Wait.")).body).toEqual({ code: "busy", error: "Wait." });
  });

  it("maps Prisma's record-not-found to 404", () => {
    expect(errorAnswer(Object.assign(new Error("No record was found"), { code: "P2025" })).status).toBe(404);
  });

  it("answers anything else with 500, an error id, and nothing internal", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const a = errorAnswer(new Error("password=hunter2 at /srv/secret"));
    expect(a.status).toBe(500);
    expect(a.body.code).toBe("internal");
    expect(a.body.error).not.toContain("hunter2");
    const id = a.body.error.match(/error id ([0-9a-f]{8})/)?.[1];
    expect(id).toBeDefined();
    expect(String(log.mock.calls[0]?.[0])).toContain(id);
    log.mockRestore();
  });
});
