import { describe, expect, it } from "vitest";
import { parseCli, usageFromHeader, type CliExit } from "./parse-cli";

class Exit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}
function io() {
  const out: string[] = [];
  const err: string[] = [];
  const exit: CliExit = {
    exit: (code) => {
      throw new Exit(code);
    },
    out: (t) => out.push(t),
    err: (t) => err.push(t),
  };
  return { out, err, exit };
}
const spec = { options: { seed: { type: "string" }, push: { type: "boolean", default: false } } } as const;

describe("parseCli", () => {
  it("parses known flags", () => {
    const r = parseCli({ usage: "u" }, spec, ["--seed", "7", "--push"], io().exit);
    expect(r.values).toMatchObject({ seed: "7", push: true, help: false });
  });

  it("prints the usage and exits 0 on --help and -h", () => {
    for (const flag of ["--help", "-h"]) {
      const t = io();
      expect(() => parseCli({ usage: "usage: thing [--seed N]" }, spec, [flag], t.exit)).toThrow(new Exit(0));
      expect(t.out).toEqual(["usage: thing [--seed N]"]);
    }
  });

  it("refuses an unknown flag or a missing value in one line with exit 2", () => {
    for (const args of [["--bogus"], ["--seed"], ["stray"]]) {
      const t = io();
      expect(() => parseCli({ usage: "u" }, spec, args, t.exit)).toThrow(new Exit(2));
      expect(t.err).toHaveLength(1);
      expect(t.err[0]).toMatch(/^error: .*\(see --help\)$/);
    }
  });
});

describe("usageFromHeader", () => {
  it("takes the leading comment block", () => {
    expect(usageFromHeader("// Does things.\n//   npx tsx x.ts --a\n//\n// More.\nimport x from 'y';\n// not this")).toBe(
      "Does things.\n  npx tsx x.ts --a\n\nMore.",
    );
  });
});
