import Link from "next/link";
import { requirePageRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { ruleConfigFingerprint } from "@/lib/screen/rule-config";
import { ruleConfigToForm } from "@/lib/screen/rule-config-form";
import { loadRuleConfig } from "@/lib/screen/rule-config-store";
import { resetRulesAction } from "../actions";
import { RuleConfigForm } from "./rule-config-form";

export default async function RuleSettingsPage() {
  await requirePageRole("admin");
  const stored = await loadRuleConfig(await getPrisma());
  return (
    <div className="space-y-4">
      <Link href="/screen" className="text-sm text-indigo-700 hover:underline">
        ← Screening
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Rule filter settings</h1>
          <p className="max-w-3xl text-sm text-slate-600">
            Thresholds and lists of the paper&apos;s rule-based filter (§2). Saving validates everything and records the change; the filters
            use the new settings when you re-run them. Every run stores the exact settings it used (now{" "}
            <span className="font-mono">{ruleConfigFingerprint(stored.config)}</span>,{" "}
            {stored.source === "default" ? "the paper's defaults" : "saved settings"}).
          </p>
        </div>
        {stored.source === "saved" && (
          <form action={resetRulesAction}>
            <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50">
              Back to the paper&apos;s defaults
            </button>
          </form>
        )}
      </header>
      <RuleConfigForm initial={ruleConfigToForm(stored.config)} />
    </div>
  );
}
