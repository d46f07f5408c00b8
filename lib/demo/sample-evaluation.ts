// A small bundled export, so the evaluate page can be tried before any dataset is built: three
// repositories, six PRs, sixteen labelled comments (human and perturbed), split PR-disjoint.
// Every name says "sample"; the admin can load it and remove it again from /evaluate.
import { createHash } from "node:crypto";
import {
  CHART_FORMAT_PATCH,
  CHART_TICKS_PATCH,
  LEDGER_EXPIRY_PATCH,
  LEDGER_EXPORT_PATCH,
  QUEUE_POOL_PATCH,
  QUEUE_RETRY_PATCH,
} from "./sample-evaluation-patches";
import type { SampleSource } from "@/lib/evaluate/score-run";

import { SAMPLE_EVALUATION_TAG } from "@/lib/evaluate/list-evaluable-exports";

export { SAMPLE_EVALUATION_TAG };
export const SAMPLE_EXPORT_TITLE = "Sample evaluation export (bundled example)";
const SAMPLE_OWNER = "eval-sample";

export interface SampleComment {
  key: string;
  author: string;
  path: string;
  hunk: string;
  body: string;
  label: "trustworthy" | "untrustworthy";
}

/** A perturbed copy of a trustworthy comment (paper §3): new text, or the same text moved elsewhere. */
export interface SamplePerturbation {
  key: string;
  of: string;
  kind: "negation" | "symbol" | "location";
  body?: string;
  path?: string;
  hunk?: string;
}

export interface SamplePullRequest {
  repo: string;
  number: number;
  split: "train" | "validation" | "test";
  title: string;
  body: string;
  author: string;
  createdAt: string;
  patch: string;
  comments: SampleComment[];
  perturbations: SamplePerturbation[];
}

export const SAMPLE_REPOSITORIES = [
  { fullName: `${SAMPLE_OWNER}/ledger-api`, language: "Python" },
  { fullName: `${SAMPLE_OWNER}/chart-kit`, language: "TypeScript" },
  { fullName: `${SAMPLE_OWNER}/task-queue`, language: "Go" },
] as const;

export const SAMPLE_PULL_REQUESTS: SamplePullRequest[] = [
  {
    repo: `${SAMPLE_OWNER}/ledger-api`,
    number: 101,
    split: "test",
    author: "sample-dev-ines",
    createdAt: "2025-03-04T09:12:00Z",
    title: "Export invoice totals from line items",
    body: "Sample PR. Totals were read from a cached column that drifted; compute them from the line items instead.",
    patch: LEDGER_EXPORT_PATCH,
    comments: [
      {
        key: "ledger-101-round",
        author: "sample-reviewer-mira",
        path: "ledger/invoices.py",
        label: "trustworthy",
        hunk: "@@ -12,8 +12,9 @@ from ledger.models import Invoice, LineItem\n def export_totals(customer_id):\n     rows = []\n     for invoice in Invoice.objects.filter(customer_id=customer_id):\n-        rows.append((invoice.number, invoice.total))\n+        total = sum(item.amount for item in invoice.line_items.all())\n+        rows.append((invoice.number, round(total, 2)))",
        body: '`round()` on a float rounds the binary value half to even, so `round(2.675, 2)` gives `2.67`. For money, keep `Decimal` amounts and use `quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)`.',
      },
      {
        key: "ledger-101-queries",
        author: "sample-reviewer-omar",
        path: "ledger/invoices.py",
        label: "trustworthy",
        hunk: "@@ -12,8 +12,9 @@ from ledger.models import Invoice, LineItem\n def export_totals(customer_id):\n     rows = []\n     for invoice in Invoice.objects.filter(customer_id=customer_id):\n-        rows.append((invoice.number, invoice.total))\n+        total = sum(item.amount for item in invoice.line_items.all())",
        body: '`invoice.line_items.all()` runs one query per invoice inside this loop. Adding `.prefetch_related("line_items")` to the queryset loads them all in one extra query.',
      },
    ],
    perturbations: [
      {
        key: "ledger-101-round-negation",
        of: "ledger-101-round",
        kind: "negation",
        body: "`round()` on a float never rounds half to even, so `round(2.675, 2)` already gives `2.68`. No need for `Decimal` here.",
      },
    ],
  },
  {
    repo: `${SAMPLE_OWNER}/ledger-api`,
    number: 117,
    split: "test",
    author: "sample-dev-ines",
    createdAt: "2025-03-19T14:40:00Z",
    title: "Expire unpaid invoices after 30 days",
    body: "Sample PR. Adds the nightly expiry job. `USE_TZ = True` in settings.",
    patch: LEDGER_EXPIRY_PATCH,
    comments: [
      {
        key: "ledger-117-naive-datetime",
        author: "sample-reviewer-mira",
        path: "ledger/expiry.py",
        label: "trustworthy",
        hunk: '@@ -1,6 +1,14 @@\n-from datetime import timedelta\n+from datetime import datetime, timedelta\n+\n+from ledger.models import Invoice\n+\n+GRACE = timedelta(days=30)\n \n \n-def expire(invoices):\n-    pass\n+def expire_unpaid(settings):\n+    cutoff = datetime.utcnow() - GRACE\n+    reminder = settings.get("reminder_days")\n+    for invoice in Invoice.objects.filter(paid=False):\n+        if invoice.created_at < cutoff:',
        body: "`datetime.utcnow()` returns a naive datetime while `created_at` is timezone-aware (`USE_TZ = True`), so this comparison raises `TypeError: can't compare offset-naive and offset-aware datetimes`. Use `django.utils.timezone.now()`.",
      },
      {
        key: "ledger-117-dict-get",
        author: "sample-reviewer-omar",
        path: "ledger/expiry.py",
        label: "untrustworthy",
        hunk: '@@ -1,6 +1,14 @@\n-from datetime import timedelta\n+from datetime import datetime, timedelta\n+\n+from ledger.models import Invoice\n+\n+GRACE = timedelta(days=30)\n \n \n-def expire(invoices):\n-    pass\n+def expire_unpaid(settings):\n+    cutoff = datetime.utcnow() - GRACE\n+    reminder = settings.get("reminder_days")',
        body: '`settings.get("reminder_days")` raises `KeyError` when the key is missing; wrap it in `try`/`except KeyError`.',
      },
    ],
    perturbations: [
      {
        key: "ledger-117-naive-datetime-symbol",
        of: "ledger-117-naive-datetime",
        kind: "symbol",
        body: "`datetime.utcnow()` returns a naive datetime while `settled_at` is timezone-aware (`USE_TZ = True`), so this comparison raises `TypeError: can't compare offset-naive and offset-aware datetimes`. Use `django.utils.timezone.now()`.",
      },
    ],
  },
  {
    repo: `${SAMPLE_OWNER}/chart-kit`,
    number: 42,
    split: "test",
    author: "sample-dev-theo",
    createdAt: "2025-04-02T08:05:00Z",
    title: "Sort axis ticks and redraw on resize",
    body: "Sample PR. Ticks came out in insertion order, and the chart kept its first size.",
    patch: CHART_TICKS_PATCH,
    comments: [
      {
        key: "chart-42-sort",
        author: "sample-reviewer-yuki",
        path: "src/axis.ts",
        label: "trustworthy",
        hunk: "@@ -8,6 +8,7 @@ export function buildTicks(values: number[], count: number): number[] {\n   const step = Math.ceil(values.length / count);\n-  return values.filter((_, i) => i % step === 0);\n+  const ticks = values.filter((_, i) => i % step === 0);\n+  return ticks.sort();",
        body: "`sort()` without a comparator compares numbers as strings, so `[5, 10, 40]` comes back as `[10, 40, 5]`. Pass `(a, b) => a - b`.",
      },
      {
        key: "chart-42-listener",
        author: "sample-reviewer-omar",
        path: "src/useChartSize.ts",
        label: "trustworthy",
        hunk: '@@ -3,8 +3,10 @@ import { useEffect, useState } from "react";\n export function useChartSize(ref: React.RefObject<HTMLDivElement>) {\n   const [size, setSize] = useState({ width: 0, height: 0 });\n   useEffect(() => {\n-    setSize(measure(ref.current));\n-  }, [ref]);\n+    const onResize = () => setSize(measure(ref.current));\n+    onResize();\n+    window.addEventListener("resize", onResize);',
        body: 'This effect has no dependency array and never removes its listener, so every render adds another `resize` handler. Return `() => window.removeEventListener("resize", onResize)` and pass `[ref]`.',
      },
    ],
    perturbations: [
      {
        key: "chart-42-listener-location",
        of: "chart-42-listener",
        kind: "location",
        path: "src/axis.ts",
        hunk: "@@ -8,6 +8,7 @@ export function buildTicks(values: number[], count: number): number[] {\n   const step = Math.ceil(values.length / count);",
      },
    ],
  },
  {
    repo: `${SAMPLE_OWNER}/task-queue`,
    number: 310,
    split: "test",
    author: "sample-dev-kofi",
    createdAt: "2025-05-11T16:30:00Z",
    title: "Report idle workers and drain on shutdown",
    body: "Sample PR. go.mod targets Go 1.21.",
    patch: QUEUE_POOL_PATCH,
    comments: [
      {
        key: "queue-310-time-after",
        author: "sample-reviewer-yuki",
        path: "worker/pool.go",
        label: "trustworthy",
        hunk: "@@ -40,11 +40,21 @@ func (p *Pool) Run(ctx context.Context) error {\n \tfor {\n \t\tselect {\n \t\tcase job := <-p.jobs:\n \t\t\tp.handle(job)\n+\t\tcase <-time.After(p.pollTimeout):",
        body: "`time.After` in this loop creates a new timer on every iteration, and before Go 1.23 none is collected until it fires; with a long `pollTimeout` and a busy queue they pile up. Create one `time.NewTimer` before the loop and `Reset` it.",
      },
      {
        key: "queue-310-defer-lock",
        author: "sample-reviewer-mira",
        path: "worker/pool.go",
        label: "trustworthy",
        hunk: "@@ -40,11 +40,21 @@ func (p *Pool) Run(ctx context.Context) error {\n \tfor {\n \t\tselect {\n \t\tcase job := <-p.jobs:\n \t\t\tp.handle(job)\n+\t\tcase <-time.After(p.pollTimeout):\n+\t\t\tp.reportIdle()\n \t\tcase <-ctx.Done():\n \t\t\treturn ctx.Err()\n \t\t}\n \t}\n }\n+\n+func (p *Pool) drain() {\n+\tfor _, w := range p.workers {\n+\t\tp.mu.Lock()\n+\t\tdefer p.mu.Unlock()",
        body: "`defer` runs when `drain` returns, not at the end of each iteration, so with two or more workers the second `p.mu.Lock()` blocks forever.",
      },
    ],
    perturbations: [
      {
        key: "queue-310-defer-lock-negation",
        of: "queue-310-defer-lock",
        kind: "negation",
        body: "`defer` runs at the end of each iteration, not when `drain` returns, so the second `p.mu.Lock()` cannot block here.",
      },
    ],
  },
  {
    repo: `${SAMPLE_OWNER}/chart-kit`,
    number: 57,
    split: "validation",
    author: "sample-dev-theo",
    createdAt: "2025-06-01T10:00:00Z",
    title: "Format tick labels with the user's locale",
    body: "Sample PR.",
    patch: CHART_FORMAT_PATCH,
    comments: [
      {
        key: "chart-57-formatter",
        author: "sample-reviewer-yuki",
        path: "src/format.ts",
        label: "trustworthy",
        hunk: "@@ -1,3 +1,3 @@\n-export function formatTick(value: number): string {\n-  return value.toFixed(2);\n+export function formatTick(value: number, locale?: string): string {\n+  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);",
        body: "Building a new `Intl.NumberFormat` for every tick is slow with hundreds of ticks; cache one formatter per locale in a `Map`.",
      },
    ],
    perturbations: [
      {
        key: "chart-57-formatter-symbol",
        of: "chart-57-formatter",
        kind: "symbol",
        body: "Building a new `Intl.DateTimeFormat` for every tick is slow with hundreds of ticks; cache one formatter per locale in a `Map`.",
      },
    ],
  },
  {
    repo: `${SAMPLE_OWNER}/task-queue`,
    number: 322,
    split: "train",
    author: "sample-dev-kofi",
    createdAt: "2025-06-20T12:00:00Z",
    title: "Retry failed jobs with exponential backoff",
    body: "Sample PR.",
    patch: QUEUE_RETRY_PATCH,
    comments: [
      {
        key: "queue-322-overflow",
        author: "sample-reviewer-mira",
        path: "worker/retry.go",
        label: "trustworthy",
        hunk: '@@ -0,0 +1,7 @@\n+package worker\n+\n+import "time"\n+\n+func backoff(attempt int) time.Duration {\n+\treturn time.Duration(1<<attempt) * 100 * time.Millisecond',
        body: "Nothing caps `attempt`: after a few dozen retries `time.Duration(1<<attempt) * 100 * time.Millisecond` overflows and the delay turns negative. Clamp the attempt or cap the duration.",
      },
      {
        key: "queue-322-shift",
        author: "sample-reviewer-omar",
        path: "worker/retry.go",
        label: "untrustworthy",
        hunk: '@@ -0,0 +1,7 @@\n+package worker\n+\n+import "time"\n+\n+func backoff(attempt int) time.Duration {\n+\treturn time.Duration(1<<attempt) * 100 * time.Millisecond',
        body: "`1<<attempt` does not compile: Go does not allow shifting by a signed `int`. Convert with `uint(attempt)`.",
      },
    ],
    perturbations: [],
  },
];

/** Opaque and stable: judges see only this, never the key it is derived from. */
export function sampleEvalId(key: string): string {
  return `eval_${createHash("sha256").update(`${SAMPLE_EVALUATION_TAG}:${key}`).digest("hex").slice(0, 24)}`;
}

export interface SampleGoldItem {
  key: string;
  evalId: string;
  split: SamplePullRequest["split"];
  repo: string;
  source: SampleSource;
  trustworthy: boolean;
}

/** The answer key of the sample, in PR order: what loadGold must read back from the database. */
export function sampleGoldItems(): SampleGoldItem[] {
  return SAMPLE_PULL_REQUESTS.flatMap((pr) => [
    ...pr.comments.map((comment) => ({
      key: comment.key,
      evalId: sampleEvalId(comment.key),
      split: pr.split,
      repo: pr.repo,
      source: "human" as const,
      trustworthy: comment.label === "trustworthy",
    })),
    ...pr.perturbations.map((perturbation) => ({
      key: perturbation.key,
      evalId: sampleEvalId(perturbation.key),
      split: pr.split,
      repo: pr.repo,
      source: perturbation.kind,
      trustworthy: false,
    })),
  ]);
}
