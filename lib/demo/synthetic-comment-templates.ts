// Raw material for synthetic review comments (benchmarks and demos only): review wording seen on
// Python and TypeScript projects, with {slots} filled from the identifier pools below.

export const PYTHON_FUNCTIONS = [
  "parse_config", "load_dataset", "_resolve_path", "flush", "to_dict", "from_pretrained", "validate_schema",
  "get_session", "_build_index", "run_migrations", "normalize_whitespace", "read_chunk", "compute_loss",
  "test_nanmedian", "register_hook", "__exit__", "apply_patch", "collect_metrics",
];
export const TS_FUNCTIONS = [
  "useDebouncedValue", "fetchPullRequests", "parseRuleConfig", "renderRow", "formatBytes", "createStore",
  "handleSubmit", "toCamelCase", "resolveModule", "withRetry", "serializeState", "getServerSideProps",
];
export const VARIABLES = [
  "timeout", "batch_size", "retries", "encoding", "items", "cache", "options", "lock", "buffer",
  "user_id", "offset", "callback", "rows", "headers", "max_workers", "seed", "props", "state",
];
export const FILES = [
  "src/pkg/config.py", "pkg/io/readers.py", "tests/test_api.py", "setup.cfg", "pyproject.toml",
  "src/components/Table.tsx", "lib/hooks/useFetch.ts", "src/server/routes.ts", "docs/conf.py",
  "pkg/_internal/compat.py", "src/utils/date.ts", "tests/conftest.py",
];
export const EXCEPTIONS = [
  "KeyError", "ValueError", "TypeError", "AttributeError", "FileNotFoundError", "UnicodeDecodeError",
  "asyncio.CancelledError", "RuntimeError", "IndexError",
];
export const TYPES = ["Optional[str]", "dict[str, Any]", "Sequence[int]", "Path", "Record<string, unknown>", "ReadonlyArray<Row>", "Promise<void>", "number | undefined"];
export const MODULES = ["os", "typing", "itertools", "numpy", "pandas", "lodash", "react", "zod", "warnings", "functools"];

export const SUBSTANTIVE_TEMPLATES = [
  "This will raise `{exc}` when `{var}` is `None`; the caller in `{file}` passes `None` when the config is missing. Could we guard it with an early return?",
  "Nit: `{fn}` is only used here, consider inlining it.",
  "Should this be `>=` rather than `>`? With the current check a `{var}` of exactly 0 still goes through `{fn}`.",
  "`{module}` is imported but never used in this file.",
  "This changes the public signature of `{fn}`; downstream code calling it with positional arguments will break. Please keep the old order or add a deprecation shim.",
  "Can you add a test for the case where `{var}` is an empty list? I think `{fn}` returns `None` there instead of `[]`.",
  "The `any` here defeats the type check, could you type it as `{type}`?",
  "`useEffect` is missing `{var}` in its dependency array, so it will read a stale value after the first render.",
  "Use `Path(...).read_text(encoding=\"utf-8\")` here; the default encoding is platform-dependent and breaks on Windows.",
  "This loop is O(n^2) because `in` on a list is linear; converting `{var}` to a set first makes it O(n).",
  "Done, but I think `{fn}` should also handle `{exc}` because the retry path calls it too.",
  "I don't think we need the `try/except` here: `{fn}` already catches `{exc}` and logs it.",
  "This mutates the default argument `{var}={}` across calls. Use `None` and create the dict inside.",
  "Why not reuse `{fn}` from `{file}`? It already does the same normalisation.",
  "The docstring says this returns `{type}` but the function can return `None` on line 42.",
  "This `await` inside the `for` loop serialises the requests; `Promise.all` over `{var}` would be much faster here.",
  "`{var}` is shadowed by the loop variable a few lines below, which makes this quite hard to follow.",
  "We should close the file handle; please use a `with` block so it is released if `{fn}` raises.",
  "This comparison uses `==` on floats; `math.isclose` (or a tolerance) would be safer for `{var}`.",
  "Is `{var}` guaranteed to be sorted here? `bisect` assumes it is, otherwise the lookup silently returns the wrong index.",
  "Consider using `functools.lru_cache` on `{fn}`; it is called for every row and the result only depends on `{var}`.",
  "The lock is acquired in `{fn}` but never released on the error path, which can deadlock the worker.",
  "This regex is compiled on every call; move it to module level.",
  "`dict.get` returns `None` when the key is missing, so `{var}.upper()` on the next line will raise `AttributeError`.",
  "Please add a changelog entry, this is a user-visible behaviour change in `{fn}`.",
  "Minor: the f-string has no placeholders, so the `f` prefix can go.",
  "This will break on Python 3.8, which we still support: `{type}` needs `from __future__ import annotations`.",
  "The test only checks the happy path. Could you parametrize it with an invalid `{var}` to make sure `{exc}` is raised?",
  "`JSON.parse` will throw on an empty body; the 204 response from the API has no body at all.",
  "Returning inside `finally` swallows the exception raised in `{fn}`; is that intended?",
  "I think `{var}` should default to `None` rather than `0`, since `0` is a valid value that callers pass explicitly.",
  "This `key` prop uses the array index, so rows will re-mount when the list is sorted. Use the row id instead.",
  "Could we log a warning here instead of silently ignoring `{exc}`? Debugging this in production would be painful.",
  "`os.path.join` would be better than string concatenation here, otherwise it breaks on Windows.",
  "There is a race between checking `os.path.exists` and opening the file; just open it and handle `FileNotFoundError`.",
  "`{fn}` is now async but `{file}` still calls it without `await`, so it returns a coroutine that is never run.",
  "This duplicates the validation in `{file}`. Can we move it into one helper and call it from both places?",
  "The `Optional` import is unused after this change.",
  "```suggestion\n    if {var} is None:\n        return []\n```\nOtherwise `len({var})` raises `TypeError`.",
  "Small thing: `{var}` is never reassigned, so this can be `const` instead of `let`.",
  "LGTM overall, but `{fn}` still swallows `{exc}` - please log it before merging.",
  "LGTM but please fix the race in `flush()` before merge",
];

export const ACKNOWLEDGEMENT_REPLIES = [
  "Thanks!", "thank you 🙏", "Done.", "done 👍", ":+1:", "Fixed, thanks!", "Good catch, fixed.", "Addressed in {sha}.",
  "Updated.", "will do", "thanksss", "Thank you so much!", "👍", "🎉", "sgtm", "Makes sense, done.", "ok",
  "Agreed, done", "> {quote}\n\nDone.", "@{user} thanks for the review!", "Fixed in the latest commit.", "Done in #{num}.",
  "Good point, updated 👍🏽", "Nice catch! Fixed.", "Thanks, resolved.", "Yep, done", "Sounds good 🚀", "thx", "Done ✅",
  "Thanks for catching this!", "Thank you very much", "Okay, changed.", "Removed.", "ty!", "Agreed 👍",
];

export const QUOTES = [
  "Should this be `>=`?", "nit: unused import", "Can you add a test?", "typo: recieve", "This can be a set.",
];

export const LGTM_COMMENTS = [
  "LGTM!", "lgtm 🚀", "LGTM, nice work", "LGTM 👍 thanks!", "lgtm, ship it", "LGTM from my side.", "**LGTM** 🎉",
  "LGTM. Merging.", "LGTM once CI passes", "lgtm, thanks @{user}",
];

export const SHORT_COMMENTS = ["nit", "why?", "typo", "same here", "`self`?", "ditto", "?", "same", "+1 ?", "hmm", "nit: `;`", "Revert?", "Why `0`?", "🤔"];

export const PR_AUTHOR_REPLIES = [
  "I kept `{fn}` separate on purpose: `{file}` imports it too and inlining would create a cycle.",
  "Good point. I switched to `{type}` and added a test for the empty case.",
  "Done.", "Thanks for the review!", "Fixed in {sha}.",
  "The `{exc}` can't happen here because `{var}` is validated in `{fn}` before this is called.",
  "I'd rather do that in a follow-up PR to keep this one focused.",
];

export type BotTemplate = { login: string; accountType: "Bot" | "User"; body: string };

// GraphQL reports GitHub Apps as type Bot without the "[bot]" suffix; REST adds the suffix.
// Some automation runs under ordinary User accounts (codecov-commenter, pep8speaks).
export const BOT_COMMENTS: BotTemplate[] = [
  { login: "dependabot[bot]", accountType: "Bot", body: "Looks like {module} is up-to-date now, so this is no longer needed." },
  { login: "github-actions[bot]", accountType: "Bot", body: "**mypy_primer** diff:\n\n```diff\n- {file}:12: error: Incompatible return value type\n```" },
  { login: "github-actions", accountType: "Bot", body: "This PR is stale because it has been open 60 days with no activity." },
  { login: "codecov-commenter", accountType: "User", body: "## [Codecov](https://app.codecov.io) Report\nAll modified and coverable lines are covered by tests :white_check_mark:\n> Project coverage is 91.32%. Comparing base ({sha}) to head ({sha})." },
  { login: "pre-commit-ci[bot]", accountType: "Bot", body: "for more information, see https://pre-commit.ci" },
  { login: "coderabbitai[bot]", accountType: "Bot", body: "_:warning: Potential issue_\n\n**Handle `{exc}` in `{fn}`.**\n\nThe call can raise when `{var}` is missing; consider guarding it." },
  { login: "renovate[bot]", accountType: "Bot", body: "### Edited/Blocked Notification\n\nRenovate will not automatically rebase this PR, because it does not recognize the last commit author." },
  { login: "pep8speaks", accountType: "User", body: "Hello @{user}! Thanks for updating this PR. There are currently no PEP 8 issues detected in this Pull Request. Cheers! :beers:" },
  { login: "meeseeksmachine", accountType: "User", body: "Owee, I'm MrMeeseeks, Look at me.\n\nThere seem to be a conflict, please backport manually." },
  { login: "sonarcloud[bot]", accountType: "Bot", body: "Quality Gate passed\n\n0 New issues\n0 Security Hotspots\n87.5% Coverage on New Code" },
  { login: "k8s-ci-robot", accountType: "User", body: "[APPROVALNOTIFIER] This PR is **NOT APPROVED**\n\nThis pull-request has been approved by: *{user}*" },
  { login: "sympy-bot", accountType: "User", body: ":white_check_mark:\n\nHi, I am the SymPy bot. I'm here to help you write a release notes entry." },
  { login: "copilot-pull-request-reviewer[bot]", accountType: "Bot", body: "The variable `{var}` is assigned but never used. Consider removing it." },
  { login: "gemini-code-assist", accountType: "Bot", body: "![medium](https://www.gstatic.com/codereviewagent/medium-priority.svg)\n\nThe function `{fn}` can raise `{exc}`." },
];

// People whose logins contain "bot" or "robot" as a substring: a careless /bot/ would flag them.
export const TRICKY_HUMAN_LOGINS = ["abbott", "robotics-dev", "talbot", "botond-k", "r-botelho", "cabot-lee", "sabotage-ml"];
export const LOGIN_FIRST = ["alex", "priya", "jdoe", "mkowalski", "lchen", "sam", "okafor", "nguyen", "hkim", "fatima", "tbrown", "ivan", "yuki", "ana"];
export const LOGIN_SECOND = ["", "-dev", "92", "-py", "-ml", "smith", "-oss", "-gh", "k", "-codes"];
