// Filters, search, sort and counts for a queue (issue #15 item 6), over the rows loadQueue gave:
// search in the comment, its file and PR; one repository; the viewer's status (to do, done,
// skipped) or the stage a lead sees; sorted in PR order, by repository or by stage. Pure.
import { z } from "zod";
import type { QueueItem } from "./annotation-queue";

const optionalText = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().max(200).optional());

export const QUEUE_STATUSES = ["all", "to_do", "done", "skipped"] as const;
const QUEUE_SORTS = ["order", "repository", "stage"] as const;

export const QueueQuerySchema = z.object({
  q: optionalText,
  repo: optionalText,
  stage: optionalText,
  status: z.enum(QUEUE_STATUSES).catch("all"),
  sort: z.enum(QUEUE_SORTS).catch("order"),
});
export type QueueQuery = z.infer<typeof QueueQuerySchema>;

export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export function statusOf(item: Pick<QueueItem, "ownLabel" | "skipped">): Exclude<QueueStatus, "all"> {
  if (item.ownLabel) return "done";
  return item.skipped ? "skipped" : "to_do";
}

export interface FilteredQueue<T> {
  items: T[];
  /** per status, over the rows the search and repository leave */
  counts: Record<QueueStatus, number>;
  repositories: string[];
  stages: string[];
}

export function filterQueue<T extends QueueItem>(queue: readonly T[], query: QueueQuery): FilteredQueue<T> {
  const needle = query.q?.toLowerCase();
  const matching = queue.filter(
    (i) =>
      (!query.repo || i.repo === query.repo) &&
      (!query.stage || i.stage === query.stage) &&
      (!needle || [i.excerpt, i.path ?? "", `${i.repo}#${i.prNumber}`].some((s) => s.toLowerCase().includes(needle))),
  );
  const counts: Record<QueueStatus, number> = { all: matching.length, to_do: 0, done: 0, skipped: 0 };
  for (const i of matching) counts[statusOf(i)] += 1;
  const items = matching.filter((i) => query.status === "all" || statusOf(i) === query.status);
  if (query.sort !== "order") {
    const key = (i: T) => (query.sort === "repository" ? `${i.repo}#${String(i.prNumber).padStart(9, "0")}` : i.stage);
    // a stable sort keeps PR order inside each group
    items.sort((a, b) => key(a).localeCompare(key(b)));
  }
  return {
    items,
    counts,
    repositories: [...new Set(queue.map((i) => i.repo))].sort(),
    stages: [...new Set(queue.map((i) => i.stage))].sort(),
  };
}
