// Errors are recognised by their name and code, never by class identity: Next bundles lib/errors.ts more
// than once (instrumentation starts the job engine; each route has its bundle), so an AppError can be an
// instance of another copy of the class (issue #45 H: DELETE /api/jobs/<unknown id> answered 500).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test, vi } from "vitest";
import { errorAnswer } from "@/lib/http/error-response";
import { AppError, isAppError } from "./errors";

/** An AppError made by a second, separately loaded copy of lib/errors.ts, as another bundle would. */
async function appErrorOfAnotherCopy(code: "not_found" | "busy", message: string): Promise<Error> {
  vi.resetModules();
  const other = await import("./errors");
  const e = new other.AppError(code, message);
  expect(e instanceof AppError).toBe(false); // the premise: two classes
  return e;
}

describe("isAppError", () => {
  test("recognises an AppError of another copy of the module, by its code", async () => {
    const e = await appErrorOfAnotherCopy("not_found", "No such job.");
    expect(isAppError(e)).toBe(true);
    expect(isAppError(e, "not_found")).toBe(true);
    expect(isAppError(e, "busy")).toBe(false);
  });

  test("the error mapper answers another copy's AppError with its code's status, not a 500", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(errorAnswer(await appErrorOfAnotherCopy("not_found", "No such job."))).toEqual({
        status: 404,
        body: { code: "not_found", error: "No such job." },
      });
      expect(errorAnswer(await appErrorOfAnotherCopy("busy", "Wait.")).status).toBe(409);
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });

  test("refuses what is not an AppError: another error named so without a known code, a plain object", () => {
    const impostor = Object.assign(new Error("x"), { name: "AppError", code: "no_such_code" });
    expect(isAppError(impostor)).toBe(false);
    expect(isAppError({ name: "AppError", code: "not_found", message: "x" })).toBe(false);
    expect(isAppError(new Error("plain"))).toBe(false);
    expect(isAppError(new AppError("conflict", "Taken."), "conflict")).toBe(true);
  });
});

/** Every .ts/.tsx file the app runs (not tests, fixtures or generated code). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ["node_modules", "generated", "testing"].includes(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

test("no source file recognises our own errors by class identity (instanceof AppError / ApiError)", () => {
  const root = path.resolve(__dirname, "..");
  const offenders = ["app", "lib", "scripts"]
    .flatMap((dir) => sourceFiles(path.join(root, dir)))
    .flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => ({ line, at: `${path.relative(root, file)}:${i + 1}` }))
        .filter(({ line }) => /instanceof\s+(AppError|ApiError)\b/.test(line)),
    )
    .map(({ at }) => at);
  expect(offenders).toEqual([]);
});
