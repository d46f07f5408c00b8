// Freezes the fresh held-out set of real review comments for the perturbation generators (issue #42)
// from CodeReviewer's test data (Li et al., "Automating Code Review Activities by Large-Scale
// Pre-Training", ESEC/FSE 2022, Zenodo record 6900648) as copied in the public repository
// yhwi-kwon/CodeReveiwAutomation: data/random_sample_100.jsonl only, which this project had never
// read before. The reviewer's real comment is `target` and its hunk `input_code`; `output` is a
// model's generated comment and is never used. Every row is held out: tuning happens on the older
// set (real-review-set.json), scoring here. Written once; the script refuses to overwrite.
// Run: npx tsx scripts/build-fresh-heldout-set.ts <git dir of the copy>
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { FRESH_HELDOUT_PATH, FRESH_HELDOUT_SOURCE } from "@/lib/perturb/fresh-heldout-set";

const rowSchema = z.object({ id: z.number().int(), input_code: z.string(), target: z.string() });

const gitDir = process.argv[2];
if (!gitDir) throw new Error("usage: build-fresh-heldout-set.ts <git dir>");
if (existsSync(FRESH_HELDOUT_PATH)) throw new Error(`${FRESH_HELDOUT_PATH} exists: the set is frozen`);
const text = execFileSync("git", ["--git-dir", gitDir, "show", `HEAD:${FRESH_HELDOUT_SOURCE}`], { encoding: "utf8", maxBuffer: 64 << 20 });
const commit = execFileSync("git", ["--git-dir", gitDir, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
const cases = text
  .split("\n")
  .filter((line) => line.trim())
  .map((line, n) => {
    const row = rowSchema.parse(JSON.parse(line));
    return { id: `rs-${row.id}`, source: `${FRESH_HELDOUT_SOURCE} line ${n + 1} (id ${row.id})`, body: row.target, hunk: row.input_code };
  })
  .filter((c) => c.body.trim());
writeFileSync(
  FRESH_HELDOUT_PATH,
  `${JSON.stringify(
    {
      frozenAt: new Date().toISOString(),
      source: `yhwi-kwon/CodeReveiwAutomation@${commit} ${FRESH_HELDOUT_SOURCE}`,
      sha256: createHash("sha256").update(text).digest("hex"),
      cases,
    },
    null,
    1,
  )}\n`,
);
console.log(`cases=${cases.length}`);
