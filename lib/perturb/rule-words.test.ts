import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { RULES_IN_WORDS, ruleInWords } from "./rule-words";

/** Every rule name the generators write: edit(…, "rule", score, …) and rule: "…" in lib/perturb's sources. */
function generatorRules(): string[] {
  const dir = __dirname;
  const names = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "rule-words.ts")) {
    // code only: a comment may quote a word after "rule:"
    const source = readFileSync(path.join(dir, file), "utf8")
      .split("\n")
      .filter((line) => !line.trim().startsWith("//"))
      .join("\n");
    for (const m of source.matchAll(/"([a-z]+(?:-[a-z]+)*)",\s*\d{2},/g)) names.add(m[1]);
    for (const m of source.matchAll(/rule: (?:[\w.]+ \? )?"([a-z-]+)"(?: : "([a-z-]+)")?/g))
      for (const n of m.slice(1)) if (n) names.add(n);
    for (const m of source.matchAll(/\? "([a-z-]+)" : "([a-z-]+)",\s*\d{2},/g)) for (const n of m.slice(1)) names.add(n);
  }
  return [...names].sort();
}

describe("rule names in words", () => {
  test("the names in the issue read as words, never as the name", () => {
    expect(`(${ruleInWords("but-not")})`).toBe("(turns “but not” into “and”)");
    expect(ruleInWords("same-file-hunk")).toBe("moves the comment to another hunk of the same file");
    expect(ruleInWords("llm:qwen3-coder")).toBe("proposed by the model qwen3-coder");
    expect(ruleInWords("a-rule-not-yet-named")).toBe("a rule not yet named");
  });

  test("every rule a generator writes has its own words", () => {
    const rules = generatorRules();
    expect(rules).toEqual(expect.arrayContaining(["same-file-hunk", "other-file"]));
    expect(rules.filter((r) => !RULES_IN_WORDS.includes(r))).toEqual([]);
  });
});
