import type { PrismaClient } from "@/lib/db/generated/client";
import { randomInt, seededRandom, type Random } from "@/lib/random/seeded";
import { createInstances } from "@/lib/screen/create-instances";
import { generateSyntheticComments, type SyntheticComment } from "./synthetic-comments";

// A generated corpus in the database (one synthetic repository), to run the whole funnel at the
// paper's scale (≥ 75,000 comments) and, smaller, in tests. The comments come from the seeded
// generator the benchmark uses; PR descriptions and patches are filled in here.

export type SyntheticCorpusOptions = {
  comments: number;
  seed: number;
  /** share of PRs given a description under 40 words (the PR-level rule) */
  thinDescriptionShare?: number;
  /** rows per INSERT */
  batchSize?: number;
};

export type SyntheticCorpusSummary = { repositoryId: string; pullRequests: number; comments: number; instances: number };

const DESCRIPTION_SENTENCES = [
  "The cache key ignored the encoding, so two readers with different encodings shared one entry and returned mojibake.",
  "This PR threads the encoding through `read_chunk` and includes it in the key, with a regression test for latin-1 input.",
  "Retries now back off exponentially with jitter instead of hammering the endpoint every 100 ms after a 429.",
  "The migration runner applied scripts in lexical order, which put 10_add_index before 2_create_table.",
  "Sorting by the numeric prefix fixes the order; existing databases are unaffected because applied names are recorded.",
  "`to_dict` dropped keys whose value was falsy because of an `if value:` check; it now tests `is not None`.",
  "Benchmarks on the 1M-row fixture show the vectorised path is 4x faster and allocates half the memory.",
  "The type of `options` is narrowed to a TypedDict so mypy catches the misspelt `max_worker` key used in two callers.",
];
const THIN_DESCRIPTIONS = ["", "Fixes #12", "See title.", "bump version", "WIP", "Small cleanup of the reader module."];

// Long enough for the word rule, but it leans on a conversation the reader never sees (paper §2:
// "off-platform discussions"): the LLM audit's job, not a rule's.
const OFF_PLATFORM = "As discussed on the call last week, this follows the approach we agreed on there.";

function description(random: Random, thin: boolean): string {
  if (thin) return THIN_DESCRIPTIONS[randomInt(random, THIN_DESCRIPTIONS.length)];
  const sentences: string[] = random() < 0.1 ? [OFF_PLATFORM] : [];
  for (let i = 0; i < 4 + randomInt(random, 3); i++) sentences.push(DESCRIPTION_SENTENCES[randomInt(random, DESCRIPTION_SENTENCES.length)]);
  return sentences.join(" ");
}

// Only the length matters to the rules; patches are kept small unless they must exceed the limit,
// so a 75,000-comment corpus stays a few megabytes.
function patchOfLength(chars: number): string {
  const target = chars > 200_000 ? chars : Math.min(chars, 4_000);
  const header = "diff --git a/src/pkg/module.py b/src/pkg/module.py\n@@ -1,3 +1,3 @@\n";
  const line = "+    value = compute(value)  # keep the behaviour of the previous release\n";
  return (header + line.repeat(Math.ceil(target / line.length))).slice(0, Math.max(target, header.length));
}

export async function seedSyntheticCorpus(prisma: PrismaClient, options: SyntheticCorpusOptions): Promise<SyntheticCorpusSummary> {
  const batchSize = options.batchSize ?? 2_000;
  const random = seededRandom(options.seed ^ 0x5eed);
  const comments = generateSyntheticComments({ count: options.comments, seed: options.seed });
  const byPr = new Map<number, SyntheticComment[]>();
  for (const c of comments) {
    const list = byPr.get(c.pullRequestNumber) ?? [];
    list.push(c);
    byPr.set(c.pullRequestNumber, list);
  }
  const fullName = `synthetic/corpus-${options.seed}`;
  const repo = await prisma.repository.create({
    data: {
      owner: "synthetic",
      name: `corpus-${options.seed}`,
      fullName,
      language: "Python",
      selectionStatus: "selected",
      selectionReason: "generated corpus",
    },
  });
  const prefix = `syn${options.seed}`;
  const created = new Date("2025-05-01T00:00:00Z").getTime();
  const prRows = [...byPr].map(([number, list]) => ({
    id: `${prefix}-pr${number}`,
    repositoryId: repo.id,
    number,
    title: `Synthetic change #${number}`,
    body: description(random, random() < (options.thinDescriptionShare ?? 0.15)),
    authorLogin: list[0].pullRequestAuthorLogin,
    authorType: "User",
    createdAt: new Date(created + number * 60_000),
    updatedAt: new Date(created + number * 60_000),
    baseSha: "0".repeat(40),
    headSha: "1".repeat(40),
    patch: patchOfLength(list[0].patchChars),
  }));
  for (let i = 0; i < prRows.length; i += 200) await prisma.pullRequest.createMany({ data: prRows.slice(i, i + 200) });

  // Timeline rows go in as arrays (unnest): createMany's one parameter per cell took minutes at 76,000 comments.
  for (let start = 0; start < comments.length; start += batchSize) {
    const chunk = comments.slice(start, start + batchSize);
    const inline = (i: number) => (start + i) % 4 !== 0;
    await prisma.$executeRawUnsafe(
      `INSERT INTO "TimelineEntry" ("id", "pullRequestId", "kind", "githubId", "authorLogin", "authorType", "createdAt", "body", "path", "diffHunk")
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[]::"TimelineKind"[], $4::bigint[], $5::text[], $6::text[],
                            $7::timestamp(3)[], $8::text[], $9::text[], $10::text[])`,
      chunk.map((c) => `${prefix}-${c.id}`),
      chunk.map((c) => `${prefix}-pr${c.pullRequestNumber}`),
      chunk.map((_, i) => (inline(i) ? "inline" : "pr_comment")),
      chunk.map((_, i) => String(start + i + 1)),
      chunk.map((c) => c.commentAuthor.login),
      chunk.map((c) => c.commentAuthor.accountType),
      chunk.map((c, i) => new Date(created + c.pullRequestNumber * 60_000 + (start + i) * 1_000).toISOString()),
      chunk.map((c) => c.commentBody),
      chunk.map((_, i) => (inline(i) ? "src/pkg/module.py" : null)),
      chunk.map((_, i) => (inline(i) ? "@@ -1,3 +1,3 @@\n+    value = compute(value)" : null)),
    );
  }

  const instances = await createInstances(
    prisma,
    prRows.map((p) => p.id),
  );
  return { repositoryId: repo.id, pullRequests: prRows.length, comments: comments.length, instances };
}
