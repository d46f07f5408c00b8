import { negationCandidates } from "@/lib/perturb/negate-once";
for (const t of [
  "Looks good to me, thanks!",
  "Sounds reasonable.",
  "This looks good to me.",
  "The timeout is already applied by the HTTP client.",
  "This allocates a new buffer on each iteration.",
]) {
  const r = negationCandidates(t);
  console.log(
    t,
    "=>",
    r.candidates.map((c) => `${c.text} [${c.rule}]`),
    r.reason ? "(none)" : "",
  );
}
