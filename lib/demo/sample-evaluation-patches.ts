// The PR patches of the bundled evaluation sample, in the released `patch_to_review` format
// (shared/reference/dataset-format.md): `diff --git` line, then the hunks.

export const LEDGER_EXPORT_PATCH = `diff --git a/ledger/invoices.py b/ledger/invoices.py
@@ -12,8 +12,9 @@ from ledger.models import Invoice, LineItem
 def export_totals(customer_id):
     rows = []
     for invoice in Invoice.objects.filter(customer_id=customer_id):
-        rows.append((invoice.number, invoice.total))
+        total = sum(item.amount for item in invoice.line_items.all())
+        rows.append((invoice.number, round(total, 2)))
     return rows`;

export const LEDGER_EXPIRY_PATCH = `diff --git a/ledger/expiry.py b/ledger/expiry.py
@@ -1,6 +1,14 @@
-from datetime import timedelta
+from datetime import datetime, timedelta
+
+from ledger.models import Invoice
+
+GRACE = timedelta(days=30)
 
 
-def expire(invoices):
-    pass
+def expire_unpaid(settings):
+    cutoff = datetime.utcnow() - GRACE
+    reminder = settings.get("reminder_days")
+    for invoice in Invoice.objects.filter(paid=False):
+        if invoice.created_at < cutoff:
+            invoice.mark_expired(reminder)`;

export const CHART_TICKS_PATCH = `diff --git a/src/axis.ts b/src/axis.ts
@@ -8,6 +8,7 @@ export function buildTicks(values: number[], count: number): number[] {
   const step = Math.ceil(values.length / count);
-  return values.filter((_, i) => i % step === 0);
+  const ticks = values.filter((_, i) => i % step === 0);
+  return ticks.sort();
 }
diff --git a/src/useChartSize.ts b/src/useChartSize.ts
@@ -3,8 +3,10 @@ import { useEffect, useState } from "react";
 export function useChartSize(ref: React.RefObject<HTMLDivElement>) {
   const [size, setSize] = useState({ width: 0, height: 0 });
   useEffect(() => {
-    setSize(measure(ref.current));
-  }, [ref]);
+    const onResize = () => setSize(measure(ref.current));
+    onResize();
+    window.addEventListener("resize", onResize);
+  });
   return size;
 }`;

export const CHART_FORMAT_PATCH = `diff --git a/src/format.ts b/src/format.ts
@@ -1,3 +1,3 @@
-export function formatTick(value: number): string {
-  return value.toFixed(2);
+export function formatTick(value: number, locale?: string): string {
+  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
 }`;

export const QUEUE_POOL_PATCH = `diff --git a/worker/pool.go b/worker/pool.go
@@ -40,11 +40,21 @@ func (p *Pool) Run(ctx context.Context) error {
 	for {
 		select {
 		case job := <-p.jobs:
 			p.handle(job)
+		case <-time.After(p.pollTimeout):
+			p.reportIdle()
 		case <-ctx.Done():
 			return ctx.Err()
 		}
 	}
 }
+
+func (p *Pool) drain() {
+	for _, w := range p.workers {
+		p.mu.Lock()
+		defer p.mu.Unlock()
+		w.stop()
+	}
+}`;

export const QUEUE_RETRY_PATCH = `diff --git a/worker/retry.go b/worker/retry.go
@@ -0,0 +1,7 @@
+package worker
+
+import "time"
+
+func backoff(attempt int) time.Duration {
+	return time.Duration(1<<attempt) * 100 * time.Millisecond
+}`;
