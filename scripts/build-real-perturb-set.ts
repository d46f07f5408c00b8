// Builds the frozen real-comment evaluation set for the perturbation generators (issue #28) from
// CodeReviewer's test data (Li et al., "Automating Code Review Activities by Large-Scale
// Pre-Training", ESEC/FSE 2022, Zenodo record 6900648), as copied in the public repository
// yhwi-kwon/CodeReveiwAutomation: data/msg-test-100.jsonl and data/diff_estimation_1_100.jsonl.
// Rows with an empty comment are skipped. Projects are split into a dev half and a held-out half
// by a seeded hash of the project name, so no project's habits reach both halves; the split is
// written once, before any rule is tuned, and never recomputed (the script refuses to overwrite).
// Then the review threads of the CRJudgeBench release's validation split (EuniAI/CRJudgeBench
// data/validation.jsonl, CC BY 4.0) copied into fixtures/crjudgebench-extract.json, every comment of
// the two pull requests there other than the ones kept for outside checks (manim 166, PostHog
// 10293); a pull request goes to the half its repository's seeded hash picks (lower hash: dev).
// Run: npx tsx scripts/build-real-perturb-set.ts <git dir of the copy> [--force]
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { z } from "zod";
import { REAL_SET_EXTRACT_PATH, REAL_SET_FILES_PATH, REAL_SET_PATH, REAL_SET_SEED } from "@/lib/perturb/real-eval-set";
import { realExtractSchema } from "@/lib/perturb/real-location";

const rowSchema = z.object({
  id: z.number().int(),
  idx: z.number().int().optional(),
  msg: z.string(),
  patch: z.string(),
  oldf: z.string(),
  proj: z.string(),
  lang: z.string(),
});

const [gitDir, force] = [process.argv[2], process.argv.includes("--force")];
if (!gitDir) throw new Error("usage: build-real-perturb-set.ts <git dir> [--force]");
if (existsSync(REAL_SET_PATH) && !force) throw new Error(`${REAL_SET_PATH} exists: the split is frozen`);

const FILES = ["data/msg-test-100.jsonl", "data/diff_estimation_1_100.jsonl"];
const rows = FILES.flatMap((file) =>
  execFileSync("git", ["--git-dir", gitDir, "show", `HEAD:${file}`], { encoding: "utf8", maxBuffer: 64 << 20 })
    .split("\n")
    .filter((line) => line.trim())
    .map((line, n) => ({ file, line: n + 1, row: rowSchema.parse(JSON.parse(line)) })),
).filter((r) => r.row.msg.trim());

const hash = (text: string) => createHash("sha256").update(`${REAL_SET_SEED}:${text}`).digest("hex");
const projects = [...new Set(rows.map((r) => r.row.proj))].sort((a, b) => hash(a).localeCompare(hash(b)));
const dev = new Set<string>();
let devCount = 0;
for (const p of projects) {
  if (devCount >= rows.length / 2) break;
  dev.add(p);
  devCount += rows.filter((r) => r.row.proj === p).length;
}

const cases = rows.map(({ file, line, row }) => ({
  id: `cr-${file.includes("diff_estimation") ? "d" : "m"}${line}`,
  split: dev.has(row.proj) ? "dev" : "heldout",
  source: `${file} line ${line}`,
  project: row.proj,
  language: row.lang.replace(/^\./, ""),
  body: row.msg,
  hunk: row.patch,
}));
const extract = realExtractSchema.parse(JSON.parse(readFileSync(REAL_SET_EXTRACT_PATH, "utf8")));
const byHash = [...extract].sort((a, b) => hash(a.repo).localeCompare(hash(b.repo)));
for (const [k, pr] of byHash.entries()) {
  const roots = new Map(pr.entries.map((e) => [e.id, e]));
  for (const e of pr.entries) {
    if (!e.body.trim()) continue;
    const root = e.in_reply_to_id === undefined ? e : roots.get(e.in_reply_to_id);
    cases.push({
      id: `crj-${e.id}`,
      split: k < byHash.length / 2 ? "dev" : "heldout",
      source: `EuniAI/CRJudgeBench data/validation.jsonl, ${pr.instance_id}, ${e.type} ${e.id}`,
      project: pr.repo,
      language: "py",
      body: e.body,
      hunk: root?.diff_hunk ?? "",
    });
  }
}
const files = Object.fromEntries(rows.map(({ row }, k) => [cases[k].id, row.oldf]));
writeFileSync(REAL_SET_PATH, `${JSON.stringify({ seed: REAL_SET_SEED, cases }, null, 1)}\n`);
writeFileSync(REAL_SET_FILES_PATH, gzipSync(JSON.stringify(files), { level: 9 }));
console.log(
  `cases=${cases.length} dev=${cases.filter((c) => c.split === "dev").length} heldout=${cases.filter((c) => c.split === "heldout").length} projects=${projects.length}`,
);
