// Writing an export and pushing it to the Hub take minutes on a real split: they run only as jobs
// (lib/jobs/export-jobs.ts), which a page queues and a worker runs. Checked here: nothing under app/
// (pages, server actions, route handlers) imports the code that writes or pushes an export.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const APP = path.resolve(__dirname);
/** the modules that write an export or push one; the jobs reach them, a request must not */
const JOB_ONLY = ["@/lib/export/export-dataset", "@/lib/export/push-export", "@/lib/export/hub-push"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

test("no page, server action or route handler imports the code that writes or pushes an export", () => {
  const files = sourceFiles(APP);
  // the walk reads the tree (a broken walk would pass with nothing read)
  expect(files.some((f) => f.endsWith(path.join("splits", "actions.ts")))).toBe(true);
  const wrong: string[] = [];
  for (const file of files)
    for (const m of readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g))
      if (JOB_ONLY.includes(m[1])) wrong.push(`${path.relative(APP, file)} imports ${m[1]}`);
  expect(wrong).toEqual([]);
});

test("the splits pages' actions queue the export and push jobs", () => {
  const actions = readFileSync(path.join(APP, "(workbench)", "splits", "actions.ts"), "utf8");
  expect(actions).toMatch(/enqueue\(\s*"export"/);
  expect(actions).toMatch(/enqueue\(\s*"hub-push"/);
});
