// How many perturbation candidates the rule generators make on the demo world, and how many pass
// the self-check, per kind (issue #6's closing figures). The demo is seeded into an in-memory
// database with every stage's own seed; the report runs over its instances labelled trustworthy
// (the paper's eligible parents) or, when the annotation stage has labelled none, over every demo
// review comment that becomes an instance. Symbol swaps use the patch plus the demo git mirrors
// (MIRRORS_DIR, built by the annotation seed) exactly as the page does; patch only without git.
// Run: npx tsx scripts/perturb-report.ts
import { parseCli } from "@/lib/cli/parse-cli";
import { openDatabase } from "@/lib/db/connection";
import { migrate } from "@/lib/db/migrate";
import { seedDemo } from "@/lib/demo/seed-demo";
import { config } from "@/lib/config";
import { demoParentComments } from "@/lib/demo/demo-parent-comments";
import { listEligibleParents } from "@/lib/perturb/list-eligible-parents";
import { loadPerturbationParent } from "@/lib/perturb/load-perturbation-parent";
import { knownSymbolsFor } from "@/lib/perturb/propose-perturbations";
import type { ParentComment } from "@/lib/perturb/rule-proposals";
import { formatTally, tallyGeneratorOutput } from "@/lib/perturb/tally-generator-output";

parseCli({ url: import.meta.url }, { options: {} });
const started = performance.now();
const db = await openDatabase({ kind: "embedded", dataDir: "memory://" });
try {
  await migrate(db);
  await seedDemo(db.prisma);
  const eligible = await listEligibleParents(db.prisma);
  let parents: (ParentComment & { label: string })[];
  let fromRepository = 0;
  if (eligible.length > 0) {
    parents = [];
    for (const { id } of eligible) {
      const p = await loadPerturbationParent(db.prisma, id);
      const known = await knownSymbolsFor(p, config().MIRRORS_DIR);
      if (known.fromRepository) fromRepository++;
      parents.push({
        ...p.comment,
        label: `${p.pullRequest.repo}#${p.pullRequest.number} ${p.comment.id}`,
        siblings: p.siblings,
        knownSymbols: known.symbols,
      });
    }
  } else {
    parents = demoParentComments();
  }
  const tally = tallyGeneratorOutput(parents);
  console.log(`parents=${parents.length}`);
  console.log(`parents_source=${eligible.length > 0 ? "labelled_trustworthy" : "all_demo_review_comments"}`);
  console.log(`parents_with_repository_symbols=${fromRepository}`);
  for (const line of formatTally(tally)) console.log(line);
  console.log(`elapsed_ms=${Math.round(performance.now() - started)}`);
  for (const [kind, row] of Object.entries(tally)) for (const f of row.failures) console.error(`self-check failure (${kind}): ${f}`);
} finally {
  await db.close();
}
