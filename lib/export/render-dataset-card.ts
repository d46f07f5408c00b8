// The dataset card (README.md): YAML front matter with the `configs`/`data_files` layout the
// released dataset uses (dataset-format.md "Files"), then the split table, funnel, agreement,
// perturbations, paper-Table-1 statistics and per-repository distribution. No dates or ids from
// the database go in, so the same data renders to the same bytes.
import type { ClassCounts } from "@/lib/split/group-schema";
import type { AgreementSummary } from "@/lib/annotate/agreement-summary";
import { crossSplitSentence, PERTURBATION_KINDS, SPLITS, type DatasetStatistics, type MeanMax, type SplitName } from "./dataset-statistics";
import { DEFAULT_EXPORT_PROFILE, dataFilePath, publishedFormats, type ExportProfile } from "./export-profile";
import type { CardFunnelStep } from "./funnel";
import { datasetLicense, RELEASED_SOURCE_NAMES, type DatasetLicense, type SourceNames } from "./export-conventions";
import type { RowOrder } from "./serialize-jsonl";
import { plural } from "@/lib/text/plural";

export interface SplitDescription {
  method: "partition" | "imported";
  seed: number;
  testShare?: number;
  validationShare?: number;
  targets?: Record<SplitName, ClassCounts>;
  maxAbsDeviation?: number;
}

export interface DatasetCardInput {
  title: string;
  statistics: DatasetStatistics;
  /** the order the split files hold their rows in (serialize-jsonl.ts): imported rows keep their import's */
  rowOrder: RowOrder;
  split: SplitDescription;
  funnel: CardFunnelStep[];
  agreement: AgreementSummary;
  /** the dataset's own contributions; collected code and text keep their licenses. CC BY 4.0 as the release, by default */
  license?: DatasetLicense;
  /** where the split files sit (root or data/); the Hub release's layout by default */
  profile?: ExportProfile;
  /** the export's `source` words, named when no row shows a class's word; the release's by default */
  sourceNames?: SourceNames;
}

/** The `source` words rows of one kind carry: the rows' own, else the export's vocabulary. */
function sourceWords(input: DatasetCardInput, perturbed: boolean): string[] {
  const found = input.statistics.sources.filter((s) => s.perturbed === perturbed).map((s) => s.source);
  const names = input.sourceNames ?? RELEASED_SOURCE_NAMES;
  return found.length ? found : [perturbed ? names.perturbation : names.human];
}

const asCode = (words: string[]) => words.map((w) => `\`${w}\``).join(" or ");

const RELEASE_LICENSE = datasetLicense();

const int = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const dec = (n: number) => {
  const [whole, fraction] = n.toFixed(2).split(".");
  return `${int(Number(whole))}.${fraction}`;
};
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

function table(header: string[], rows: string[][], align: ("l" | "r")[]): string {
  const rule = align.map((a) => (a === "r" ? "---:" : "---"));
  return [header, rule, ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
}

function sizeCategory(n: number): string {
  if (n < 1_000) return "n<1K";
  if (n < 10_000) return "1K<n<10K";
  if (n < 100_000) return "10K<n<100K";
  return "100K<n<1M";
}

function frontMatter(input: DatasetCardInput): string {
  const lines = [
    "---",
    `pretty_name: ${JSON.stringify(input.title)}`,
    `license: ${(input.license ?? RELEASE_LICENSE).id}`,
    "language:",
    "- en",
    "task_categories:",
    "- text-classification",
    "tags:",
    "- code-review",
    "- llm-as-a-judge",
    "- code",
    "size_categories:",
    `- ${sizeCategory(input.statistics.splits.all.total)}`,
    "configs:",
    "- config_name: default",
    "  data_files:",
    ...SPLITS.flatMap((s) => [`  - split: ${s}`, `    path: ${dataFilePath(input.profile ?? DEFAULT_EXPORT_PROFILE, s, "jsonl")}`]),
    "---",
  ];
  return lines.join("\n");
}

function splitSection({ statistics: st, split }: DatasetCardInput): string {
  const rows = SPLITS.map((s) => {
    const c = st.splits[s];
    const target = split.targets?.[s];
    return [
      s,
      int(c.trustworthy),
      int(c.untrustworthy),
      int(c.total),
      int(c.pullRequests),
      target ? `${int(target.trustworthy)} / ${int(target.untrustworthy)}` : "–",
    ];
  });
  const a = st.splits.all;
  rows.push(["**all**", int(a.trustworthy), int(a.untrustworthy), int(a.total), int(a.pullRequests), "–"]);
  const how =
    split.method === "imported"
      ? "The splits were taken as imported from an existing release."
      : `PR-disjoint: every instance of a pull request, perturbed copies included, is in one split. ` +
        `A two-dimensional subset-sum over shuffled PR groups (seed ${split.seed}) first picks the test set ` +
        `(${pct(split.testShare ?? 0.3)} of each class), then validation (${pct(split.validationShare ?? 0.15)} of the remaining train pool).` +
        (split.maxAbsDeviation !== undefined
          ? ` Largest miss against a per-class target: ${int(split.maxAbsDeviation)} ${plural(split.maxAbsDeviation, "instance")}.`
          : "");
  const crossing = st.crossSplitPullRequests;
  const notDisjoint = crossing.length
    ? `**Not PR-disjoint:** ${crossSplitSentence(crossing)}. ` +
      "A judge can see one of its comments in training and another in test; make a new split here to keep each PR in one."
    : null;
  return [
    "## Splits",
    "",
    table(["split", "trustworthy (true)", "untrustworthy (false)", "examples", "PRs", "target true / false"], rows, [
      "l",
      "r",
      "r",
      "r",
      "r",
      "r",
    ]),
    "",
    how,
    ...(notDisjoint ? ["", notDisjoint] : []),
  ].join("\n");
}

function funnelSection({ funnel }: DatasetCardInput): string {
  return [
    "## Construction funnel",
    "",
    table(
      ["step", "count", "what"],
      funnel.map((f) => [f.label, int(f.count), cell(f.note)]),
      ["l", "r", "l"],
    ),
  ].join("\n");
}

function agreementSection({ agreement: a }: DatasetCardInput): string {
  if (a.instancesWithPairs === 0)
    return [
      "## Annotation agreement",
      "",
      "No instance in this database carries two independent labels (for example, an imported release), so no agreement figure is reported.",
    ].join("\n");
  const o = a.overall;
  return [
    "## Annotation agreement",
    "",
    "Cohen's kappa over the annotators' own labels (before adjudication): every two annotators who labelled the same instance form one pair, and all pairs are pooled, as on the workbench's agreement page.",
    "",
    table(
      ["measure", "value"],
      [
        ["Instances with a label", int(a.annotated)],
        ["Instances labelled independently by two or more annotators", int(a.instancesWithPairs)],
        ["Annotator pairs compared", int(o.n)],
        ["Observed agreement", pct(o.rawAgreement ?? 0)],
        ["Cohen's kappa", o.kappa === null ? "undefined" : o.kappa.toFixed(3)],
        ["Disagreements settled by an adjudicator", int(a.adjudicated)],
      ],
      ["l", "r"],
    ),
  ].join("\n");
}

function perturbationSection({ statistics: st }: DatasetCardInput): string {
  const rows = PERTURBATION_KINDS.map((k) => [k, ...SPLITS.map((s) => int(st.perturbations.bySplit[s][k])), int(st.perturbations[k])]);
  return [
    "## Perturbations",
    "",
    "Untrustworthy copies of trustworthy comments, each verified by experts: **negation** reverses one affirmative or negative expression, " +
      "**symbol** renames one referenced code element, **location** moves the comment to another comment's file and hunk in the same PR.",
    "",
    table(["kind", ...SPLITS, "all"], rows, ["l", "r", "r", "r", "r"]),
    "",
    `Rows by \`source\`: ${st.sources.map((s) => `\`${s.source}\` ${int(s.rows)}`).join(", ") || "none"}.`,
  ].join("\n");
}

function statisticsSection({ statistics: st }: DatasetCardInput): string {
  const a = st.attributes;
  const row = (group: string, label: string, m: MeanMax) => [group, label, dec(m.mean), int(m.max)];
  return [
    "## Dataset statistics",
    "",
    "Per task instance, as in the paper's Table 1:",
    "",
    table(
      ["", "attribute", "mean", "max"],
      [
        row("PR text", "Title length (words)", a.titleWords),
        row("PR text", "Body length (words)", a.bodyWords),
        row("Patch to review", "# Lines edited", a.linesEdited),
        row("Patch to review", "# Files edited", a.filesEdited),
        row("Review comment", "Length (words)", a.commentWords),
        row("PR context", "# Commits per instance", a.commits),
      ],
      ["l", "l", "r", "r"],
    ),
  ].join("\n");
}

function repositorySection({ statistics: st }: DatasetCardInput): string {
  const rows = st.repositories.map((r) => [
    `\`${r.repo}\``,
    cell(r.language || "–"),
    int(r.pullRequests),
    int(r.trustworthy),
    int(r.untrustworthy),
    int(r.total),
    ...SPLITS.map((s) => int(r.bySplit[s])),
  ]);
  return [
    "## Repositories",
    "",
    table(["repository", "language", "PRs", "true", "false", "examples", ...SPLITS], rows, ["l", "l", "r", "r", "r", "r", "r", "r", "r"]),
  ].join("\n");
}

const fieldsSection = (input: DatasetCardInput) => `## Fields

| field | type | notes |
| --- | --- | --- |
| \`instance_id\` | string | \`owner__repo-<pull_number>@<7-char sha>\`, the sha of the PR's last commit in the timeline; perturbed copies add \`#perturb-<kind>\` (with \`-<n>\` only when one comment has two perturbations of a kind). Not unique alone. |
| \`judged_entry_id\` | integer | id of the judged entry inside \`code_review\`; \`(instance_id, judged_entry_id)\` is unique |
| \`judged_user\` | string | GitHub login of the judged comment's author |
| \`repo\` | string | \`owner/name\` |
| \`language\` | string | primary language of the repository |
| \`pull_request\` | object | \`pull_number\`, \`title\`, \`body\`, \`created_at\`, \`base_commit\`, \`patch_to_review\` |
| \`resolved_issues\` | list | \`{number, title, body}\` of linked issues |
| \`code_review\` | list | the PR timeline, oldest first: \`commit\`, \`pr_comment\`, \`inline\`, \`inline_reply\`, \`review\` entries |
| \`problem_domain\` | string | e.g. \`Bug Fixes\` |
| \`hint_text\` | string | reserved, empty |
| \`trustworthy\` | boolean | gold label of the judged entry |
| \`source\` | string | provenance (${cell(asCode(sourceWords(input, false)))} for crawled, human-annotated rows; ${cell(asCode(sourceWords(input, true)))} for perturbed rows); never shown to a judge |
| \`perturbation_kind\` | string, optional | \`negation\`, \`symbol\` or \`location\`; only on perturbed rows |`;

// What one line holds, in the release's words and order (dataset-format.md, "One example").
const exampleSection = (input: DatasetCardInput) => `## Inside an example

Each line is one judged review comment in its pull request, with everything a reviewer had:

\`\`\`text
instance_id        ManimCommunity__manim-166@7a3e1dc    the PR and its last commit
judged_user        the judged comment's author
judged_entry_id    which code_review entry is judged
repo, language     ManimCommunity/manim, Python
pull_request       pull_number, title, created_at, base_commit, body,
                   patch_to_review: the PR's diff as it stood when the judged comment was written
resolved_issues    the issues the PR closes: number, title, body
problem_domain     e.g. Bug Fixes
code_review        the timeline, oldest first: commit, pr_comment, inline (with review_path and
                   diff_hunk), inline_reply (with in_reply_to_id), review (with review_state)
source             ${`${sourceWords(input, false).join(" or ")} | ${sourceWords(input, true).join(" or ")}`.padEnd(32)}  (never shown to a judge)
trustworthy        the gold label: true or false
perturbation_kind  negation | symbol | location      (perturbed rows only)
\`\`\`

A perturbed row repeats its parent's pull request and timeline with the judged entry edited (its claim
negated, a symbol renamed, or the comment moved to another place in the patch) and \`trustworthy: false\`;
the required experts (three by default) accepted it as a wrong comment before it was counted.`;

// The release's own advice on evaluating (dataset-format.md, "The release's own evaluation advice").
const EVALUATION_SECTION = `## How to evaluate a judge

- **Keep the answers private.** \`trustworthy\`, \`source\`, \`perturbation_kind\` and the original \`instance_id\` (its \`#perturb\` suffix gives perturbed rows away) stay out of model inputs; give the judge opaque evaluation ids. The judge task bundles exported beside this dataset follow that whitelist.
- **Declare the context policy.** Later replies can reveal the answer: a *focused* context omits the other timeline entries, reviewer identities and review states; report results with the *complete* timeline separately.
- **Say which evidence the judge had:** the repository at \`base_commit\`, or after applying \`patch_to_review\` (the PR's diff as it stood when the judged comment was written).
- **Respect the splits:** train on train, select prompts and settings on validation, report on test.
- **Report** accuracy and macro-F1, precision and recall per class (\`true\` is the positive class), the number of invalid or missing predictions (counted as wrong), and results by construction source (\`source\`, and \`perturbation_kind\` for perturbed rows) with their sample counts.`;

function licenseSection(input: DatasetCardInput): string {
  const license = input.license ?? RELEASE_LICENSE;
  return [
    "## License",
    "",
    `This dataset's own contributions (labels, perturbations, split assignment, this card) are released under ${license.name} (\`${license.id}\`). ` +
      "The collected code, pull-request text and review comments keep the licenses of their repositories and the terms under which their authors published them.",
  ].join("\n");
}

/** The files' row order in words, as serialize-jsonl.ts writes it. */
export function rowOrderWords(order: RowOrder): string {
  const sorted = "sorted by `instance_id` then `judged_entry_id`";
  if (order.imported === 0) return sorted;
  if (order.imported === order.total) return "in the order the imported release had them (file by file, line by line)";
  return `the ${int(order.imported)} imported rows first, in the order the imported release had them, then the other ${int(order.total - order.imported)} ${sorted}`;
}

function filesSection(input: DatasetCardInput): string {
  const profile = input.profile ?? DEFAULT_EXPORT_PROFILE;
  const lines = [
    "## Files",
    "",
    `- \`${dataFilePath(profile, "train", "jsonl").replace("train", "{train,validation,test}")}\`: one example per line (UTF-8, non-ASCII as is), ${rowOrderWords(input.rowOrder)}.`,
  ];
  if (publishedFormats(profile).includes("parquet"))
    lines.push(
      `- \`${dataFilePath(profile, "train", "parquet").replace("train", "{train,validation,test}")}\`: the same rows; \`code_review\` entries hold the union of the entry fields, null where a type has none.`,
    );
  return lines.join("\n");
}

export function renderDatasetCard(input: DatasetCardInput): string {
  const all = input.statistics.splits.all;
  const intro =
    `${input.title}: ${int(all.total)} code-review comments from ${int(all.pullRequests)} pull requests in ` +
    `${int(input.statistics.repositories.length)} repositories, each labelled technically trustworthy (${int(all.trustworthy)}) ` +
    `or untrustworthy (${int(all.untrustworthy)}), built with the CRJudgeBench pipeline. A judge sees the PR, its patch, ` +
    `the repository at the base commit and one review comment, and decides whether the comment's technical claims hold.`;
  const task = [
    "## Task",
    "",
    "Given a pull request (its description, linked issues, the patch as it stood, the repository at the base commit) and one " +
      "review comment on it, decide whether the comment is technically trustworthy: whether what it claims about the code is true. " +
      "Style, tone and whether the suggestion was taken do not matter; a comment that is right but ignored is trustworthy, one " +
      "that sounds convincing but is wrong about the code is not.",
  ].join("\n");
  return [
    frontMatter(input),
    "",
    `# ${input.title}`,
    "",
    intro,
    "",
    task,
    "",
    splitSection(input),
    "",
    funnelSection(input),
    "",
    agreementSection(input),
    "",
    perturbationSection(input),
    "",
    statisticsSection(input),
    "",
    repositorySection(input),
    "",
    exampleSection(input),
    "",
    fieldsSection(input),
    "",
    filesSection(input),
    "",
    EVALUATION_SECTION,
    "",
    licenseSection(input),
    "",
  ].join("\n");
}

/** Splits the front matter from the Markdown body, for previews that render the body. */
export function cardBody(card: string): string {
  const end = card.indexOf("\n---\n", 4);
  return card.startsWith("---\n") && end >= 0 ? card.slice(end + 5) : card;
}
