import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { failedState, formDataArgument, succeededState } from "./form-result";

describe("failedState", () => {
  it("turns bad input into field errors", () => {
    const r = z.object({ seed: z.coerce.number().int(), title: z.string().min(1, "Give a title") }).safeParse({ seed: "x", title: "" });
    if (r.success) throw new Error("expected a failure");
    const s = failedState(r.error);
    expect(s).toMatchObject({ ok: false, code: "invalid_input" });
    expect(Object.keys(s.fieldErrors ?? {})).toEqual(["seed", "title"]);
    expect(s.fieldErrors?.title).toEqual(["Give a title"]);
  });
  it("shows an AppError's message, code and details", () => {
    expect(failedState(new AppError("forbidden", "This needs the admin role.", { needed: ["admin"] }))).toEqual({
      ok: false,
      code: "forbidden",
      error: "This needs the admin role.",
      details: { needed: ["admin"] },
    });
  });
  it("hides anything else behind an error id", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const s = failedState(new TypeError("cannot read x of undefined"));
    expect(s.code).toBe("internal");
    expect(s.error).not.toContain("undefined");
    expect(s.error).toMatch(/error id [0-9a-f]{8}/);
    log.mockRestore();
  });
});

describe("succeededState", () => {
  it("accepts a message, a state or nothing", () => {
    expect(succeededState("Saved.")).toEqual({ ok: true, message: "Saved." });
    expect(succeededState(undefined)).toEqual({ ok: true });
    expect(succeededState({ message: "Done", data: { n: 1 } })).toEqual({ ok: true, message: "Done", data: { n: 1 } });
    expect(succeededState({ error: "Saved, but not applied", errors: ["a"] })).toMatchObject({ ok: false });
  });
});

describe("a server action called without its form", () => {
  it("is the caller's mistake: invalid input (422) with what to send, and nothing logged as a bug", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const form = new FormData();
    form.set("rationale", "fine");
    expect(formDataArgument(form)).toBe(form);
    for (const sent of [undefined, {}, "rationale=fine", [form]]) {
      let thrown: unknown;
      try {
        formDataArgument(sent);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(AppError);
      const state = failedState(thrown);
      expect(state).toMatchObject({ ok: false, code: "invalid_input" });
      expect(state.error).toMatch(/^This action takes a form/);
    }
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });
});
