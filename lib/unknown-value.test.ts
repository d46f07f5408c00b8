import { describe, expect, it } from "vitest";
import { codeOf, messageOf, fieldsOf, statusOf } from "./unknown-value";

describe("error fields", () => {
  it("reads message, status and code from whatever was thrown", () => {
    const octokit = Object.assign(new Error("Not Found"), { status: 404 });
    const node = Object.assign(new Error("no file"), { code: "ENOENT" });
    expect(messageOf(octokit)).toBe("Not Found");
    expect(messageOf("plain")).toBe("plain");
    expect(statusOf(octokit)).toBe(404);
    expect(statusOf(node)).toBeUndefined();
    expect(statusOf({ status: "404" })).toBeUndefined();
    expect(codeOf(node)).toBe("ENOENT");
    expect(codeOf({ code: 23505 })).toBe("23505");
    expect(codeOf(null)).toBeUndefined();
  });
  it("gives a plain object's fields and nothing for other values", () => {
    expect(fieldsOf({ a: 1 })).toEqual({ a: 1 });
    expect(fieldsOf([1])).toBeNull();
    expect(fieldsOf(null)).toBeNull();
    expect(fieldsOf("x")).toBeNull();
  });
});
