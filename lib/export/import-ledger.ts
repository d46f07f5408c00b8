// What an import must remember so the re-export reproduces the imported rows exactly, but which
// the schema has no column for: the released spelling of `instance_id` (its `#perturb-…` suffix)
// and `source`, and each PR's timeline order (entries sharing a second keep the file's order).
// Kept in the Setting table under one key per import until the schema grows these columns
// (Instance.releasedInstanceId, Instance.releasedSource, TimelineEntry.position).
import { z } from "zod";
import type { Prisma } from "@/lib/db/generated/client";

const IMPORT_LEDGER_PREFIX = "released-import:";

export const ImportLedgerSchema = z.object({
  files: z.array(z.object({ name: z.string(), sha256: z.string(), rows: z.number().int() })),
  /** Instance.id → released spelling */
  instances: z.record(
    z.string(),
    // position: the row's place in the import, so a re-export writes imported rows in their order (absent in older ledgers)
    z.object({ instanceId: z.string(), source: z.string(), position: z.number().int().optional() }),
  ),
  /** PullRequest.id → TimelineEntry ids in file order */
  timelines: z.record(z.string(), z.array(z.string())),
});
export type ImportLedger = z.infer<typeof ImportLedgerSchema>;

export interface MergedLedger {
  instances: Map<string, { instanceId: string; source: string; position?: number }>;
  timelines: Map<string, string[]>;
}

export async function writeImportLedger(db: Prisma.TransactionClient, importKey: string, ledger: ImportLedger) {
  const key = `${IMPORT_LEDGER_PREFIX}${importKey}`;
  await db.setting.upsert({ where: { key }, create: { key, value: ledger }, update: { value: ledger } });
}

/** Every import's ledger merged, later imports winning. */
export async function loadImportLedger(db: Prisma.TransactionClient): Promise<MergedLedger> {
  const settings = await db.setting.findMany({
    where: { key: { startsWith: IMPORT_LEDGER_PREFIX } },
    orderBy: [{ updatedAt: "asc" }, { key: "asc" }],
  });
  const merged: MergedLedger = { instances: new Map(), timelines: new Map() };
  for (const s of settings) {
    const parsed = ImportLedgerSchema.safeParse(s.value);
    // a ledger this version cannot read only costs the original spelling, never the data
    if (!parsed.success) continue;
    for (const [id, v] of Object.entries(parsed.data.instances)) merged.instances.set(id, v);
    for (const [id, order] of Object.entries(parsed.data.timelines)) merged.timelines.set(id, order);
  }
  return merged;
}
