import { DEMO_REPOSITORIES, type DemoRepository } from "./demo-world";
import { isInstanceCandidate } from "@/lib/screen/create-instances";
import { identifiersInPatch } from "@/lib/perturb/collect-known-symbols";
import type { ParentComment } from "@/lib/perturb/rule-proposals";

/**
 * Every review comment of the demo world that becomes an instance (not the PR author's, not a
 * commit, not empty), as a perturbation parent with patch-only symbols: the population the
 * generator report falls back to when no instance has been labelled trustworthy yet.
 */
export function demoParentComments(repos: readonly DemoRepository[] = DEMO_REPOSITORIES): (ParentComment & { label: string })[] {
  const out: (ParentComment & { label: string })[] = [];
  for (const repo of repos) {
    for (const pr of repo.pullRequests) {
      const names = identifiersInPatch(pr.patch);
      const knownSymbols = [...names.identifiers, ...names.paths];
      const anchors = pr.timeline.flatMap((t) =>
        t.path && t.hunk && t.id !== undefined ? [{ id: String(t.id), path: t.path, diffHunk: t.hunk }] : [],
      );
      pr.timeline.forEach((t, index) => {
        const id = String(t.id ?? t.sha ?? index);
        if (!isInstanceCandidate({ id, kind: t.kind, authorLogin: t.user, body: t.body }, pr.author)) return;
        out.push({
          id,
          label: `${repo.fullName}#${pr.number} ${t.kind} ${id}`,
          body: t.body,
          path: t.path ?? null,
          diffHunk: t.hunk ?? null,
          siblings: anchors.filter((a) => a.id !== id),
          knownSymbols,
        });
      });
    }
  }
  return out;
}
