"use client";
// Reloads the server-rendered run page every 2 s while the run is going, so progress, scores and
// task rows are live without a client copy of the data.
import { useRouter } from "next/navigation";
import { useEffect } from "react";

export function AutoRefresh({ active, everyMs = 2_000 }: { active: boolean; everyMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, router]);
  return null;
}
