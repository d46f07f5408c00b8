import { expect, test } from "vitest";
import type { QueueItem } from "./annotation-queue";
import { filterQueue, QueueQuerySchema } from "./queue-filters";

const item = (id: string, over: Partial<QueueItem>): QueueItem => ({
  id,
  repo: "acme/api",
  prNumber: 1,
  kind: "inline",
  path: "src/retry.py",
  excerpt: "This retries forever.",
  stage: "annotating",
  ownLabel: null,
  skipped: false,
  labels: null,
  assigned: null,
  ...over,
});

const queue = [
  item("a", { repo: "zeta/cli", prNumber: 7, excerpt: "Null check is missing here." }),
  item("b", { ownLabel: "trustworthy", stage: "closed" }),
  item("c", { skipped: true, path: "docs/README.md", excerpt: "Typo." }),
  item("d", { repo: "acme/api", prNumber: 12, excerpt: "The lock is never released on error." }),
];

test("search, repository and status filter the rows; counts are per status over the search", () => {
  const all = filterQueue(queue, QueueQuerySchema.parse({}));
  expect(all.items.map((i) => i.id)).toEqual(["a", "b", "c", "d"]);
  expect(all.counts).toEqual({ all: 4, to_do: 2, done: 1, skipped: 1 });
  expect(all.repositories).toEqual(["acme/api", "zeta/cli"]);

  const acme = filterQueue(queue, QueueQuerySchema.parse({ repo: "acme/api", status: "to_do" }));
  expect(acme.items.map((i) => i.id)).toEqual(["d"]);
  expect(acme.counts).toEqual({ all: 3, to_do: 1, done: 1, skipped: 1 });

  expect(filterQueue(queue, QueueQuerySchema.parse({ q: "README" })).items.map((i) => i.id)).toEqual(["c"]);
  expect(filterQueue(queue, QueueQuerySchema.parse({ q: "acme/api#12" })).items.map((i) => i.id)).toEqual(["d"]);
  expect(filterQueue(queue, QueueQuerySchema.parse({ stage: "closed" })).items.map((i) => i.id)).toEqual(["b"]);
});

test("sorting by repository keeps PR order within one; unknown values fall back to the defaults", () => {
  const byRepo = filterQueue(queue, QueueQuerySchema.parse({ sort: "repository" }));
  expect(byRepo.items.map((i) => i.id)).toEqual(["b", "c", "d", "a"]);
  const byStage = filterQueue(queue, QueueQuerySchema.parse({ sort: "stage" }));
  expect(byStage.items.map((i) => i.stage)).toEqual(["annotating", "annotating", "annotating", "closed"]);
  expect(QueueQuerySchema.parse({ status: "bogus", sort: "bogus", q: "  " })).toEqual({ status: "all", sort: "order" });
});
