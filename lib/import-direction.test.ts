// The layering, checked: lib's stages import only stages upstream of them in the pipeline, and the shared
// floors below them import no stage; nothing under lib imports the top (jobs, the overview, the demo)
// except the top itself. Testing helpers (`testing/` folders) are checked too; only test files are not.
// The order is written here once; the README points at it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/** The pipeline, in order: a stage may import the stages before it, never one after it. */
export const STAGES = ["ingest", "screen", "annotate", "perturb", "split", "export", "evaluate", "judge", "teach"] as const;
/** Shared by all stages (and by each other); they import no stage. Top-level files of lib/ are floors too. */
export const FLOORS = ["audit", "auth", "cli", "db", "http", "llm", "patch", "random", "repo", "snapshot", "text"] as const;
/** Built on everything: background jobs, the overview's counts, the demo world. Nothing below imports them. */
export const TOP = ["demo", "jobs", "overview"] as const;

type Layer = { kind: "stage"; rank: number } | { kind: "floor" } | { kind: "top" };

function layerOf(dir: string): Layer | null {
  const rank = (STAGES as readonly string[]).indexOf(dir);
  if (rank >= 0) return { kind: "stage", rank };
  if ((FLOORS as readonly string[]).includes(dir) || dir === "") return { kind: "floor" };
  if ((TOP as readonly string[]).includes(dir)) return { kind: "top" };
  return null;
}

/** Why importing `to` from `from` goes against the layering, or null when it is allowed. */
export function wrongWay(from: string, to: string): string | null {
  if (from === to) return null;
  const a = layerOf(from);
  const b = layerOf(to);
  if (!a || !b) return null;
  if (a.kind === "top") return null;
  if (b.kind === "top") return `lib/${from} imports lib/${to}, which is built on top of every stage`;
  if (a.kind === "floor" && b.kind === "stage") return `the shared lib/${from} imports the stage lib/${to}`;
  if (a.kind === "stage" && b.kind === "stage" && b.rank > a.rank)
    return `the stage lib/${from} imports lib/${to}, which comes after it in the pipeline`;
  return null;
}

const LIB = path.resolve(__dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** The lib/ folder an import points at ("" for a top-level file), or null when it leaves lib/. */
function targetDir(file: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith("@/lib/")) target = path.join(LIB, specifier.slice("@/lib/".length));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
  else return null;
  const rel = path.relative(LIB, target);
  if (rel.startsWith("..")) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : "";
}

describe("imports under lib/ follow the pipeline", () => {
  test("the rule: upstream stages and floors only, never the top", () => {
    expect(wrongWay("split", "export")).toMatch(/comes after it/);
    expect(wrongWay("export", "split")).toBeNull();
    expect(wrongWay("snapshot", "annotate")).toMatch(/shared lib\/snapshot imports the stage/);
    expect(wrongWay("annotate", "snapshot")).toBeNull();
    expect(wrongWay("perturb", "demo")).toMatch(/built on top/);
    expect(wrongWay("jobs", "judge")).toBeNull();
  });

  test("every folder of lib/ has its place in the order", () => {
    const dirs = readdirSync(LIB, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(dirs.filter((d) => layerOf(d) === null)).toEqual([]);
  });

  test("no source file imports against the order", () => {
    const wrong: string[] = [];
    const files = sourceFiles(LIB);
    // the walk finds the tree (a broken walk would pass with nothing read)
    expect(files.length).toBeGreaterThan(300);
    expect(files.some((f) => f.endsWith(path.join("judge", "execute-judge-run.ts")))).toBe(true);
    for (const file of files) {
      const from = path.relative(LIB, file).split(path.sep);
      const fromDir = from.length > 1 ? from[0] : "";
      for (const m of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
        const to = targetDir(file, m[1]);
        const why = to === null ? null : wrongWay(fromDir, to);
        if (why) wrong.push(`${path.relative(LIB, file)}: ${why} ("${m[1]}")`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
