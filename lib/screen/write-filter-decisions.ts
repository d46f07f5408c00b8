import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/db/generated/client";

// Decisions are written as one INSERT … SELECT FROM unnest(arrays) per chunk: ten array
// parameters however many rows, instead of Prisma's createMany (one bind parameter per cell),
// which was about 15 times slower for the hundreds of thousands of rows a 75,000-instance run writes.

export type FilterDecisionRow = {
  runId: string;
  subject: "pull_request" | "instance";
  pullRequestId?: string | null;
  instanceId?: string | null;
  filterKey: string;
  verdict: "keep" | "drop";
  rationale: string;
  model?: string | null;
  promptVersion?: string | null;
};

const ROWS_PER_INSERT = 5_000;

const INSERT_DECISIONS = `
  INSERT INTO "FilterDecision"
    ("id", "runId", "subject", "pullRequestId", "instanceId", "filterKey", "verdict", "rationale", "model", "promptVersion")
  SELECT * FROM unnest(
    $1::text[], $2::text[], $3::text[]::"FilterSubject"[], $4::text[], $5::text[],
    $6::text[], $7::text[]::"FilterVerdict"[], $8::text[], $9::text[], $10::text[])`;

export async function writeFilterDecisions(prisma: PrismaClient, rows: readonly FilterDecisionRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    const column = <K extends keyof FilterDecisionRow>(key: K) => chunk.map((r) => r[key] ?? null);
    await prisma.$executeRawUnsafe(
      INSERT_DECISIONS,
      chunk.map(() => randomUUID()),
      column("runId"),
      column("subject"),
      column("pullRequestId"),
      column("instanceId"),
      column("filterKey"),
      column("verdict"),
      column("rationale"),
      column("model"),
      column("promptVersion"),
    );
  }
}

export type FilterRunTally = { kept: number; dropped: number };

export function tallyVerdict(tally: FilterRunTally, verdict: "keep" | "drop"): void {
  if (verdict === "keep") tally.kept++;
  else tally.dropped++;
}

/**
 * After a bulk write, refresh the planner's statistics: on freshly filled tables PostgreSQL
 * (and PGlite) otherwise plan the stage and funnel EXISTS subqueries as full index scans per
 * row, which took minutes instead of under a second at 75,000 instances. Autovacuum would get
 * there eventually; the next query cannot wait for it.
 */
export async function refreshScreeningStatistics(prisma: PrismaClient): Promise<void> {
  await prisma.$executeRawUnsafe(`ANALYZE "FilterDecision", "Instance", "PullRequest"`);
}
