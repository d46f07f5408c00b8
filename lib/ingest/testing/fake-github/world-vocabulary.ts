// Word stock for the seeded world: accounts of every type GitHub has, and code-review prose
// long enough to look like the real thing.
import type { FakeAccount } from "./world-types";

export function makeAccounts(firstId: number): FakeAccount[] {
  const humans = [
    "jreback",
    "mroeschke",
    "phofl",
    "jbrockmendel",
    "rhshadrach",
    "WillAyd",
    "datapythonista",
    "simonjayhawkins",
    "TomAugspurger",
    "lithomas1",
    "attack68",
    "dcherian",
    "shoyer",
    "max-sixty",
    "keewis",
    "Illviljan",
    "ngoldbaum",
    "seberg",
    "rgommers",
    "mattip",
    "charris",
    "eric-wieser",
    "bashtage",
    "mhvk",
    "tacaswell",
    "QuLogic",
    "timhoffm",
    "story645",
    "ksunden",
    "anntzer",
    "jklymak",
    "greglucas",
  ];
  const bots = ["dependabot", "github-actions", "pre-commit-ci", "codecov"];
  const accounts: FakeAccount[] = humans.map((login, i) => ({ login, type: "User", databaseId: firstId + i }));
  bots.forEach((login, i) => accounts.push({ login, type: "Bot", databaseId: 49_699_333 + i }));
  accounts.push({ login: "numfocus", type: "Organization", databaseId: firstId + 500 });
  // imported from another forge: GitHub shows a placeholder account
  accounts.push({ login: "trac-importer-42", type: "Mannequin", databaseId: firstId + 600 });
  return accounts;
}

export const TITLE_VERBS = ["Fix", "Add", "Refactor", "Deprecate", "Speed up", "Document", "Handle", "Avoid", "Support", "Remove"];
export const TITLE_OBJECTS = [
  "nanmedian on empty arrays",
  "timezone-aware resampling",
  "read_csv with quoted newlines",
  "groupby with categorical keys",
  "the merge_asof tolerance check",
  "dtype inference for nullable ints",
  "memory leak in the parser",
  "rolling window alignment",
  "string concatenation of mixed types",
  "the plotting backend registry",
  "interpolation of missing values",
  "sparse matrix slicing",
];

export const BODY_SENTENCES = [
  "This change guards the empty case before the reduction runs, which previously raised an IndexError.",
  "The previous implementation copied the whole buffer on every call; this reuses the allocation instead.",
  "I added a regression test that fails on main and passes with this patch.",
  "The behaviour now matches the documented contract in the user guide.",
  "Benchmarks show a 2.3x speed-up on the asv suite for large inputs, with no change for small ones.",
  "Edge cases covered: NaN-only input, a single element, and an all-masked array.",
  "The deprecation warning points users at the replacement keyword and will be removed in the next major release.",
  "CI was failing intermittently because the test relied on dictionary ordering.",
];

export const COMMENT_BODIES = [
  "Could you add a test for the empty input case? I think `values[0]` raises here.",
  "This allocates a new list on every iteration; a generator would avoid that.",
  "nit: the docstring still mentions the old parameter name.",
  "I'm not sure this is right when `axis=None`: the reduction flattens first.",
  "LGTM, thanks!",
  "Should this be `>=`? An equal timestamp would otherwise be dropped.",
  "These imports are not used anymore.",
  "Can we keep the old keyword as a deprecated alias for one release?",
  "The type annotation says `int` but `None` is passed from the caller in `_reindex`.",
  "Thanks for the review, updated.",
  "Good catch, fixed in the latest commit.",
  "This branch is unreachable now that the caller validates the dtype.",
];

export const COMMIT_MESSAGES = [
  "Fix edge case for empty input",
  "Address review comments",
  "Add regression test",
  "Update whatsnew entry",
  "Refactor helper into its own function",
  "Fix typing",
  "Apply pre-commit fixes",
  "Revert accidental change",
];
