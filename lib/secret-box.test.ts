import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { isSealed, openSecret, sealSecret, serverKey } from "./secret-box";

describe("sealed secrets", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "wb-secret-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const fileKeyConfig = { WORKBENCH_SECRET: undefined, EMBEDDED_DB_DIR: path.join(dir, "pglite") };

  test("a sealed key holds nothing of the plain one and opens to it; each seal differs", () => {
    const key = serverKey({ WORKBENCH_SECRET: "x".repeat(40), EMBEDDED_DB_DIR: "unused" });
    const sealed = sealSecret("sk-live-0123456789", key);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain("sk-live");
    expect(sealSecret("sk-live-0123456789", key)).not.toBe(sealed);
    expect(openSecret(sealed, key)).toBe("sk-live-0123456789");
  });

  test("another key or a changed byte is refused with what to do", () => {
    const a = serverKey({ WORKBENCH_SECRET: "a".repeat(40), EMBEDDED_DB_DIR: "unused" });
    const b = serverKey({ WORKBENCH_SECRET: "b".repeat(40), EMBEDDED_DB_DIR: "unused" });
    const sealed = sealSecret("sk-1", a);
    expect(() => openSecret(sealed, b)).toThrow(/set WORKBENCH_SECRET to the same value on every process/);
    const flipped = `${sealed.slice(0, -2)}${sealed.at(-2) === "A" ? "B" : "A"}${sealed.at(-1)}`;
    expect(() => openSecret(flipped, a)).toThrow(/cannot open a key sealed/);
  });

  test("without WORKBENCH_SECRET the key is a 0600 file made once in the data folder", () => {
    const first = serverKey(fileKeyConfig);
    const file = path.join(dir, "workbench.key");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(serverKey(fileKeyConfig).equals(first)).toBe(true);
    expect(readFileSync(file, "utf8")).not.toBe("");
    expect(openSecret(sealSecret("sk-2", first), serverKey(fileKeyConfig))).toBe("sk-2");
  });

  test("a value stored before sealing is read as it is", () => {
    expect(openSecret("sk-plain-legacy", serverKey(fileKeyConfig))).toBe("sk-plain-legacy");
  });
});
