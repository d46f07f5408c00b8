// The cron route reads its body only after the secret checks out: an unauthenticated caller cannot
// make the server buffer or parse anything (a 50 MB body used to be read first).
import { describe, expect, test } from "vitest";
import { parseConfig } from "@/lib/config";
import { runCronJob, type CronContext } from "./run-cron-job";

const SECRET = "a-cron-secret-of-32-characters!!";

describe("cron payload", () => {
  // nothing is queued on these paths
  const ctx: CronContext = {
    config: parseConfig({ CRON_SECRET: SECRET }),
    enqueue: async () => {
      throw new Error("nothing should be queued");
    },
  };

  test("is not read without the right secret, nor for an unknown job", async () => {
    let reads = 0;
    const read = async () => {
      reads++;
      return {};
    };
    expect((await runCronJob("ingest", null, read, ctx)).status).toBe(401);
    expect((await runCronJob("ingest", "Bearer wrong", read, ctx)).status).toBe(401);
    expect((await runCronJob("no-such-job", `Bearer ${SECRET}`, read, ctx)).status).toBe(404);
    expect(reads).toBe(0);
  });

  test("is read and validated once the secret and job check out", async () => {
    let reads = 0;
    const read = async () => {
      reads++;
      return { maxDurationMs: "not a number" };
    };
    expect((await runCronJob("ingest", `Bearer ${SECRET}`, read, ctx)).status).toBe(422);
    expect(reads).toBe(1);
  });
});
