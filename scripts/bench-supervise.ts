// npx tsx scripts/bench-supervise.ts [--tasks N]
// Teacher supervision on the demo export's train split with the fake teacher and reviewer
// (lib/teach/testing/rules-teacher.ts, over the Responses API on a local server): a scripted student is
// judged on the split (read the task, read the patch, find the reviewed file, submit), then every
// key-step prefix is supervised, each action run in a fresh sandbox replaying its prefix.
// Prints tasks, prefixes, teacher_actions, approved, records, records_per_task, teacher_requests,
// teacher_requests_per_record, prefixes_per_minute, seconds.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseCli } from "@/lib/cli/parse-cli";
import { config } from "@/lib/config";
import { openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { seedDemo } from "@/lib/demo/seed-demo";
import { createSupervisionRun } from "@/lib/teach/create-supervision-run";
import { executeSupervisionRun } from "@/lib/teach/run-supervision";
import { supervisionDataset } from "@/lib/teach/supervision-dataset";
import { startFakeTeacherServer } from "@/lib/teach/testing/fake-teacher-server";
import { rulesTeacherAndReviewer } from "@/lib/teach/testing/rules-teacher";
import { judgeTrainSplit } from "@/lib/teach/testing/supervision-fixture";

const { values } = parseCli({ url: import.meta.url }, { options: { tasks: { type: "string" } } });
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-supervise-"));
const db = await openDatabase({ kind: "embedded", dataDir });
const teacher = await startFakeTeacherServer(rulesTeacherAndReviewer);
try {
  await migrate(db);
  await seedDemo(db.prisma);
  const { judgeRunId, tasks } = await judgeTrainSplit(db.prisma, "bench student", values.tasks ? Number(values.tasks) : undefined);
  const t0 = performance.now();
  const { runId, prefixes } = await createSupervisionRun(db.prisma, config(), {
    judgeRunId,
    teacher: { baseUrl: teacher.url, model: "rules-teacher" },
  });
  const { tally } = await executeSupervisionRun({ prisma: db.prisma, config: config() }, runId);
  const seconds = (performance.now() - t0) / 1000;
  const { records } = await supervisionDataset(db.prisma, runId);
  console.log(`tasks=${tasks}`);
  console.log(`prefixes=${prefixes}`);
  console.log(`teacher_actions=${tally.teacherActions}`);
  console.log(`approved=${tally.approved}`);
  console.log(`records=${records}`);
  console.log(`records_per_task=${(records / tasks).toFixed(2)}`);
  console.log(`teacher_requests=${teacher.requests.length}`);
  console.log(`teacher_requests_per_record=${records ? (teacher.requests.length / records).toFixed(2) : "undefined"}`);
  console.log(`prefixes_per_minute=${((prefixes / seconds) * 60).toFixed(1)}`);
  console.log(`seconds=${seconds.toFixed(1)}`);
} finally {
  await teacher.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
