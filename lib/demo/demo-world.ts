import { createHash } from "node:crypto";

// The demo world a newcomer clicks through: a few repositories with pull requests whose
// patches span several files, inline comments and replies, reviews, bots and linked issues.
// Shapes follow GitHub's data as ingestion stores it, so every stage works on it unchanged.

export interface DemoEntry {
  kind: "commit" | "pr_comment" | "inline" | "inline_reply" | "review";
  id?: number; // GitHub id; commits use sha
  sha?: string;
  user: string | null; // null: deleted account
  userType?: "User" | "Bot";
  at: string;
  body: string;
  path?: string;
  hunk?: string;
  replyTo?: number;
  state?: string;
}

export interface DemoPullRequest {
  number: number;
  title: string;
  author: string;
  createdAt: string;
  body: string;
  baseSha: string;
  headSha: string;
  problemDomain: string;
  issues: { number: number; title: string; body: string }[];
  patch: string;
  timeline: DemoEntry[];
}

export interface DemoRepository {
  fullName: string;
  language: string;
  stars: number;
  prCount: number;
  lastActivityAt: string;
  selected: boolean;
  reason: string;
  pullRequests: DemoPullRequest[];
}

// Stable, distinct 40-hex ids for the demo's commits
const sha = (seed: string) => createHash("sha1").update(`demo:${seed}`).digest("hex");

export const DEMO_REPOSITORIES: DemoRepository[] = [
  {
    fullName: "tabular-labs/frameworks",
    language: "Python",
    stars: 41230,
    prCount: 18250,
    lastActivityAt: "2025-08-01T10:00:00Z",
    selected: true,
    reason: "18,250 PRs > 1,500 required; active 2025-08-01 inside 2024-08-15..2025-08-15",
    pullRequests: [
      {
        number: 58123,
        title: "BUG: nanmedian returns wrong result for all-NaN groups",
        author: "mrivera",
        createdAt: "2025-03-11T09:14:02Z",
        problemDomain: "Bug Fixes",
        baseSha: sha("58123-base"),
        headSha: sha("58123-head"),
        body:
          "Closes #58010.\r\n\r\n`GroupBy.median` dispatches to `nanmedian` in `core/nanops.py`. When every value in a group is NaN the " +
          "Cython path returned `0.0` instead of `NaN`, because the mask of valid values was computed after the values were filled " +
          "with zeros. This PR computes the mask before filling, adds a fast path for empty groups, and covers the all-NaN, " +
          "mixed and empty cases in `test_nanops.py`. I also added a whatsnew entry under bug fixes for groupby. Benchmarks in " +
          "`asv_bench/benchmarks/groupby.py` show no measurable change for the common case.",
        issues: [
          {
            number: 58010,
            title: "BUG: groupby().median() gives 0.0 for groups that are all NaN",
            body: "```python\ndf = DataFrame({'g': [1, 1, 2], 'x': [np.nan, np.nan, 3.0]})\ndf.groupby('g').x.median()\n```\nreturns `0.0` for group 1, expected `NaN`.",
          },
        ],
        patch: [
          "diff --git a/frameworks/core/nanops.py b/frameworks/core/nanops.py",
          "@@ -712,17 +712,22 @@ def nanmedian(values, *, axis=None, skipna=True, mask=None):",
          "     def get_median(x, _mask=None):",
          "         if _mask is None:",
          "             _mask = notna(x)",
          "         else:",
          "             _mask = ~_mask",
          "         if not skipna and not _mask.all():",
          "             return np.nan",
          "-        res = np.nanmedian(x[_mask])",
          "+        if not _mask.any():",
          "+            return np.nan",
          "+        res = np.nanmedian(x[_mask])",
          "         return res",
          " ",
          "-    values, mask, dtype, _, _ = _get_values(values, skipna, mask=mask, fill_value=0)",
          "+    # compute the mask before filling so all-NaN groups stay NaN (GH#58010)",
          "+    mask = _maybe_get_mask(values, skipna, mask)",
          "+    values, _, dtype, _, _ = _get_values(values, skipna, mask=mask, fill_value=0)",
          "     if not is_float_dtype(values.dtype):",
          "         try:",
          "             values = values.astype(\"f8\")",
          "         except ValueError as err:",
          "             raise TypeError(str(err)) from err",
          "+    if values.size == 0:",
          "+        return _wrap_results(np.nan, dtype)",
          " ",
          "     notempty = values.size",
          "diff --git a/frameworks/tests/test_nanops.py b/frameworks/tests/test_nanops.py",
          "@@ -1184,6 +1184,30 @@ def test_nanmean_overflow(disable_bottleneck, val):",
          "     assert result == np_result",
          "     assert result.dtype == np.float64",
          " ",
          "+",
          "+@pytest.mark.parametrize(\"skipna\", [True, False])",
          "+def test_nanmedian_all_nan(skipna):",
          "+    arr = np.array([np.nan, np.nan, np.nan])",
          "+    result = nanops.nanmedian(arr, skipna=skipna)",
          "+    assert np.isnan(result)",
          "+",
          "+",
          "+def test_nanmedian_mixed():",
          "+    arr = np.array([1.0, np.nan, 3.0])",
          "+    assert nanops.nanmedian(arr) == 2.0",
          "+",
          "+",
          "+def test_nanmedian_empty():",
          "+    arr = np.array([], dtype=np.float64)",
          "+    result = nanops.nanmedian(arr)",
          "+    assert np.isnan(result)",
          "+",
          "+",
          "+def test_nanmedian_groupby_all_nan():",
          "+    df = DataFrame({\"g\": [1, 1, 2], \"x\": [np.nan, np.nan, 3.0]})",
          "+    result = df.groupby(\"g\").x.median()",
          "+    assert np.isnan(result[1]) and result[2] == 3.0",
          "+",
          " ",
          " def test_returned_dtype(disable_bottleneck, dtype):",
          "     s = Series(range(10), dtype=dtype)",
          "diff --git a/doc/source/whatsnew/v3.0.0.rst b/doc/source/whatsnew/v3.0.0.rst",
          "@@ -612,6 +612,7 @@ Groupby/resample/rolling",
          " - Bug in :meth:`.DataFrameGroupBy.agg` that raises ``AttributeError`` when there is dictionary input and duplicated columns (:issue:`55041`)",
          " - Bug in :meth:`.DataFrameGroupBy.apply` that was returning a completely empty DataFrame when all return values of ``func`` were ``None`` (:issue:`57775`)",
          " - Bug in :meth:`.DataFrameGroupBy.median` where nat values gave an incorrect result. (:issue:`57926`)",
          "+- Bug in :meth:`.DataFrameGroupBy.median` returning ``0.0`` instead of ``NaN`` for groups where all values are missing (:issue:`58010`)",
          " - Bug in :meth:`.DataFrameGroupBy.quantile` when ``interpolation=\"nearest\"`` is inconsistent with :meth:`DataFrame.quantile` (:issue:`47942`)",
          " - Bug in :meth:`.Resampler.interpolate` on a :class:`DataFrame` with non-uniform sampling and/or indices not aligning with the resulting resampled index would result in wrong interpolation (:issue:`21351`)",
          " - Bug in :meth:`DataFrame.ewm` and :meth:`Series.ewm` when passed ``times`` and aggregation functions other than mean (:issue:`51695`)",
        ].join("\n"),
        timeline: [
          { kind: "commit", sha: sha("58123-c1"), user: "Maria Rivera", at: "2025-03-11T09:10:00Z", body: "BUG: compute mask before filling in nanmedian" },
          { kind: "pr_comment", id: 2710000101, user: "codecov[bot]", userType: "Bot", at: "2025-03-11T09:30:11Z", body: "## Codecov Report\nAll modified and coverable lines are covered by tests :white_check_mark:\n> Project coverage is 92.31%. Comparing base (`3f2a9c1`) to head (`b81e0d4`)." },
          {
            kind: "inline", id: 1990000201, user: "jbrockmendel", at: "2025-03-11T14:02:45Z",
            body: "`_maybe_get_mask` already returns `None` when `skipna` is False and the dtype can't hold NaN, so passing `mask=None` on to `_get_values` recomputes it there. Not a bug, but the comment above is slightly misleading.",
            path: "frameworks/core/nanops.py",
            hunk: "@@ -712,17 +712,22 @@ def nanmedian(values, *, axis=None, skipna=True, mask=None):\n     def get_median(x, _mask=None):\n         if _mask is None:\n             _mask = notna(x)\n         else:\n             _mask = ~_mask\n         if not skipna and not _mask.all():\n             return np.nan\n-        res = np.nanmedian(x[_mask])\n+        if not _mask.any():\n+            return np.nan\n+        res = np.nanmedian(x[_mask])\n         return res\n \n-    values, mask, dtype, _, _ = _get_values(values, skipna, mask=mask, fill_value=0)\n+    # compute the mask before filling so all-NaN groups stay NaN (GH#58010)\n+    mask = _maybe_get_mask(values, skipna, mask)",
          },
          { kind: "inline_reply", id: 1990000202, user: "mrivera", at: "2025-03-11T15:20:00Z", body: "Good point, reworded the comment.", path: "frameworks/core/nanops.py", replyTo: 1990000201 },
          {
            kind: "inline", id: 1990000203, user: "rhshadrach", at: "2025-03-12T08:41:10Z",
            body: "Nit: `test_nanmedian_all_nan` should also cover `skipna=False` with a non-float dtype, since that path returns early before the new check.",
            path: "frameworks/tests/test_nanops.py",
            hunk: "@@ -1184,6 +1184,30 @@ def test_nanmean_overflow(disable_bottleneck, val):\n     assert result == np_result\n     assert result.dtype == np.float64\n \n+\n+@pytest.mark.parametrize(\"skipna\", [True, False])\n+def test_nanmedian_all_nan(skipna):\n+    arr = np.array([np.nan, np.nan, np.nan])\n+    result = nanops.nanmedian(arr, skipna=skipna)\n+    assert np.isnan(result)",
          },
          {
            kind: "inline", id: 1990000204, user: "rhshadrach", at: "2025-03-12T08:44:31Z",
            body: "The empty check should happen before `astype(\"f8\")`: for an empty object array the conversion raises `TypeError` and we never reach this line.",
            path: "frameworks/core/nanops.py",
            hunk: "@@ -712,17 +712,22 @@ def nanmedian(values, *, axis=None, skipna=True, mask=None):\n     def get_median(x, _mask=None):\n         if _mask is None:\n             _mask = notna(x)\n         else:\n             _mask = ~_mask\n         if not skipna and not _mask.all():\n             return np.nan\n-        res = np.nanmedian(x[_mask])\n+        if not _mask.any():\n+            return np.nan\n+        res = np.nanmedian(x[_mask])\n         return res\n \n-    values, mask, dtype, _, _ = _get_values(values, skipna, mask=mask, fill_value=0)\n+    # compute the mask before filling so all-NaN groups stay NaN (GH#58010)\n+    mask = _maybe_get_mask(values, skipna, mask)\n+    values, _, dtype, _, _ = _get_values(values, skipna, mask=mask, fill_value=0)\n     if not is_float_dtype(values.dtype):\n         try:\n             values = values.astype(\"f8\")\n         except ValueError as err:\n             raise TypeError(str(err)) from err\n+    if values.size == 0:\n+        return _wrap_results(np.nan, dtype)",
          },
          { kind: "inline", id: 1990000205, user: "rhshadrach", at: "2025-03-12T08:45:02Z", body: "Thanks!", path: "doc/source/whatsnew/v3.0.0.rst", hunk: "@@ -612,6 +612,7 @@ Groupby/resample/rolling\n - Bug in :meth:`.DataFrameGroupBy.agg` that raises ``AttributeError`` when there is dictionary input and duplicated columns (:issue:`55041`)\n - Bug in :meth:`.DataFrameGroupBy.apply` that was returning a completely empty DataFrame when all return values of ``func`` were ``None`` (:issue:`57775`)\n - Bug in :meth:`.DataFrameGroupBy.median` where nat values gave an incorrect result. (:issue:`57926`)\n+- Bug in :meth:`.DataFrameGroupBy.median` returning ``0.0`` instead of ``NaN`` for groups where all values are missing (:issue:`58010`)" },
          { kind: "review", id: 2600000301, user: "rhshadrach", at: "2025-03-12T08:46:00Z", body: "", state: "CHANGES_REQUESTED" },
          { kind: "commit", sha: sha("58123-c2"), user: "Maria Rivera", at: "2025-03-12T11:02:00Z", body: "move empty check before dtype conversion; extend tests" },
          { kind: "pr_comment", id: 2710000102, user: "mroeschke", at: "2025-03-13T17:20:00Z", body: "LGTM, thanks @mrivera" },
          { kind: "review", id: 2600000302, user: "mroeschke", at: "2025-03-13T17:20:30Z", body: "", state: "APPROVED" },
        ],
      },
      {
        number: 58240,
        title: "PERF: avoid copy in DataFrame.where when other is scalar",
        author: "tkoh",
        createdAt: "2025-04-02T12:00:00Z",
        problemDomain: "Performance Improvements",
        baseSha: sha("58240-base"),
        headSha: sha("58240-head"),
        body:
          "`DataFrame.where` with a scalar `other` currently materialises a full frame of the scalar before calling " +
          "`Block.where`, which doubles peak memory for wide frames. This change passes the scalar straight through to the block " +
          "manager, which already broadcasts scalars, and keeps the copy only for array-like `other`. The asv benchmark " +
          "`frame_methods.Where.time_where_scalar` goes from 41 ms to 23 ms on a 10k x 100 float frame, and peak memory drops by half. " +
          "Behaviour is unchanged; the existing tests in `tests/frame/indexing/test_where.py` pass and I added one for an int frame with a float scalar.",
        issues: [],
        patch: [
          "diff --git a/frameworks/core/generic.py b/frameworks/core/generic.py",
          "@@ -9880,12 +9880,14 @@ def _where(",
          "         if axis is None:",
          "             axis = 0",
          " ",
          "-        if not is_list_like(other):",
          "-            other = self._constructor(other, index=self.index, columns=self.columns)",
          "+        # Block.where broadcasts scalars itself; building a full frame here",
          "+        # only doubled peak memory (see asv frame_methods.Where)",
          "+        if is_list_like(other) and not isinstance(other, NDFrame):",
          "+            other = self._constructor(other, index=self.index, columns=self.columns)",
          " ",
          "         cond = common.apply_if_callable(cond, self)",
          "         if isinstance(cond, NDFrame):",
          "             cond = cond.reindex(self.axes, copy=False)",
          "         else:",
          "             cond = np.asanyarray(cond)",
          "diff --git a/frameworks/tests/frame/indexing/test_where.py b/frameworks/tests/frame/indexing/test_where.py",
          "@@ -1040,3 +1040,11 @@ def test_where_inplace_string_array_consistency():",
          "     df.where(df != \"foo\", inplace=True)",
          "     expected = DataFrame([[None]], dtype=\"string\")",
          "     tm.assert_frame_equal(df, expected)",
          "+",
          "+",
          "+def test_where_int_frame_float_scalar():",
          "+    df = DataFrame({\"a\": [1, 2, 3]})",
          "+    result = df.where(df > 1, 0.5)",
          "+    expected = DataFrame({\"a\": [0.5, 2.0, 3.0]})",
          "+    tm.assert_frame_equal(result, expected)",
          "\\ No newline at end of file",
        ].join("\n"),
        timeline: [
          { kind: "commit", sha: sha("58240-c1"), user: "Tomas Koh", at: "2025-04-02T11:58:00Z", body: "PERF: pass scalar other through in where" },
          {
            kind: "inline", id: 1990000301, user: "jbrockmendel", at: "2025-04-03T09:12:00Z",
            body: "This changes behaviour for a `Series` `other`: `is_list_like(Series)` is True and it *is* an `NDFrame`, so it's no longer wrapped. That's fine since alignment happens below, but worth a test.",
            path: "frameworks/core/generic.py",
            hunk: "@@ -9880,12 +9880,14 @@ def _where(\n         if axis is None:\n             axis = 0\n \n-        if not is_list_like(other):\n-            other = self._constructor(other, index=self.index, columns=self.columns)\n+        # Block.where broadcasts scalars itself; building a full frame here\n+        # only doubled peak memory (see asv frame_methods.Where)\n+        if is_list_like(other) and not isinstance(other, NDFrame):",
          },
          {
            kind: "inline", id: 1990000302, user: "ghost-reviewer", at: "2025-04-03T10:00:00Z",
            body: "The file is missing a trailing newline, so the linter will fail on `W292`.",
            path: "frameworks/tests/frame/indexing/test_where.py",
            hunk: "@@ -1040,3 +1040,11 @@ def test_where_inplace_string_array_consistency():\n     df.where(df != \"foo\", inplace=True)\n     expected = DataFrame([[None]], dtype=\"string\")\n     tm.assert_frame_equal(df, expected)\n+\n+\n+def test_where_int_frame_float_scalar():\n+    df = DataFrame({\"a\": [1, 2, 3]})\n+    result = df.where(df > 1, 0.5)\n+    expected = DataFrame({\"a\": [0.5, 2.0, 3.0]})\n+    tm.assert_frame_equal(result, expected)",
          },
          { kind: "inline", id: 1990000303, user: null, at: "2025-04-03T11:30:00Z", body: "Does `cond.reindex(..., copy=False)` still copy when the axes already match? If so this PR only saves half of the memory it claims.", path: "frameworks/core/generic.py", hunk: "@@ -9880,12 +9880,14 @@ def _where(\n         if axis is None:\n             axis = 0\n \n-        if not is_list_like(other):\n-            other = self._constructor(other, index=self.index, columns=self.columns)\n+        # Block.where broadcasts scalars itself; building a full frame here\n+        # only doubled peak memory (see asv frame_methods.Where)\n+        if is_list_like(other) and not isinstance(other, NDFrame):\n+            other = self._constructor(other, index=self.index, columns=self.columns)\n \n         cond = common.apply_if_callable(cond, self)\n         if isinstance(cond, NDFrame):\n             cond = cond.reindex(self.axes, copy=False)" },
          { kind: "review", id: 2600000401, user: "jbrockmendel", at: "2025-04-03T09:13:00Z", body: "Looks good apart from the Series case.", state: "COMMENTED" },
          { kind: "pr_comment", id: 2710000201, user: "tkoh", at: "2025-04-03T12:00:00Z", body: "Added `test_where_series_other` in the next push." },
          { kind: "pr_comment", id: 2710000202, user: "github-actions[bot]", userType: "Bot", at: "2025-04-03T12:05:00Z", body: "This pull request is stale because it has been open for thirty days with no activity." },
        ],
      },
    ],
  },
  {
    fullName: "vectorops/agentflow",
    language: "Python",
    stars: 15880,
    prCount: 6021,
    lastActivityAt: "2025-07-20T08:00:00Z",
    selected: true,
    reason: "6,021 PRs > 1,500 required; active 2025-07-20 inside 2024-08-15..2025-08-15",
    pullRequests: [
      {
        number: 4411,
        title: "fix(router): retry transient 429s from providers with jittered backoff",
        author: "lnovak",
        createdAt: "2025-06-18T07:45:00Z",
        problemDomain: "Bug Fixes",
        baseSha: sha("4411-base"),
        headSha: sha("4411-head"),
        body:
          "Fixes #4390. When a provider answers 429 the router currently raises `RateLimitError` straight to the caller, even " +
          "though the provider sends `Retry-After`. This PR adds `retry_with_backoff` in `router/retry.py`, used by " +
          "`Router.completion`, that honours `Retry-After` when present and otherwise backs off exponentially with full jitter, " +
          "capped at `max_retries` (default 3) from the router config. Non-retryable errors (400, 401, 404) still raise at once. " +
          "Tests cover the header, the fallback schedule and the cap using a fake clock so they run instantly.",
        issues: [{ number: 4390, title: "Router gives up immediately on 429 even with Retry-After", body: "Using the router with two deployments, a single 429 from the first bubbles up as `RateLimitError` instead of retrying or falling back." }],
        patch: [
          "diff --git a/agentflow/router/retry.py b/agentflow/router/retry.py",
          "@@ -0,0 +1,38 @@",
          "+import random",
          "+import time",
          "+from typing import Callable, TypeVar",
          "+",
          "+from agentflow.exceptions import RateLimitError, ProviderError",
          "+",
          "+T = TypeVar(\"T\")",
          "+",
          "+RETRYABLE_STATUS = {429, 500, 502, 503}",
          "+",
          "+",
          "+def backoff_delay(attempt: int, base: float = 0.5, cap: float = 20.0) -> float:",
          "+    \"\"\"Full jitter: uniform in [0, min(cap, base * 2**attempt)].\"\"\"",
          "+    return random.uniform(0, min(cap, base * 2**attempt))",
          "+",
          "+",
          "+def retry_with_backoff(",
          "+    call: Callable[[], T],",
          "+    max_retries: int = 3,",
          "+    sleep: Callable[[float], None] = time.sleep,",
          "+) -> T:",
          "+    attempt = 0",
          "+    while True:",
          "+        try:",
          "+            return call()",
          "+        except ProviderError as err:",
          "+            if err.status not in RETRYABLE_STATUS or attempt >= max_retries:",
          "+                raise",
          "+            retry_after = getattr(err, \"retry_after\", None)",
          "+            delay = retry_after if retry_after is not None else backoff_delay(attempt)",
          "+            sleep(delay)",
          "+            attempt += 1",
          "+",
          "+",
          "+__all__ = [\"retry_with_backoff\", \"backoff_delay\", \"RateLimitError\"]",
          "diff --git a/agentflow/router/router.py b/agentflow/router/router.py",
          "@@ -1,6 +1,7 @@",
          " from dataclasses import dataclass",
          " ",
          " from agentflow.config import RouterConfig",
          "+from agentflow.router.retry import retry_with_backoff",
          " from agentflow.deployments import Deployment",
          " ",
          " ",
          "@@ -210,9 +211,12 @@ class Router:",
          "     def completion(self, model: str, messages: list[dict], **kwargs):",
          "         deployment = self._pick_deployment(model)",
          "-        return deployment.client.completion(messages=messages, **kwargs)",
          "+        return retry_with_backoff(",
          "+            lambda: deployment.client.completion(messages=messages, **kwargs),",
          "+            max_retries=self.config.max_retries,",
          "+        )",
          " ",
          "     def _pick_deployment(self, model: str) -> Deployment:",
          "         candidates = [d for d in self.deployments if d.model == model and d.healthy]",
          "         if not candidates:",
          "diff --git a/tests/router/test_retry.py b/tests/router/test_retry.py",
          "@@ -0,0 +1,27 @@",
          "+import pytest",
          "+",
          "+from agentflow.exceptions import ProviderError",
          "+from agentflow.router.retry import retry_with_backoff",
          "+",
          "+",
          "+def failing(times, status=429, retry_after=None):",
          "+    calls = {\"n\": 0}",
          "+",
          "+    def call():",
          "+        calls[\"n\"] += 1",
          "+        if calls[\"n\"] <= times:",
          "+            raise ProviderError(status=status, retry_after=retry_after)",
          "+        return \"ok\"",
          "+",
          "+    return call, calls",
          "+",
          "+",
          "+def test_honours_retry_after():",
          "+    slept = []",
          "+    call, _ = failing(1, retry_after=2.5)",
          "+    assert retry_with_backoff(call, sleep=slept.append) == \"ok\"",
          "+    assert slept == [2.5]",
          "+",
          "+",
          "+def test_does_not_retry_401():",
          "+    call, calls = failing(1, status=401)",
          "+    with pytest.raises(ProviderError):",
          "+        retry_with_backoff(call, sleep=lambda s: None)",
          "+    assert calls[\"n\"] == 1",
        ].join("\n"),
        timeline: [
          { kind: "commit", sha: sha("4411-c1"), user: "Lea Novak", at: "2025-06-18T07:40:00Z", body: "fix(router): retry 429 with backoff" },
          { kind: "pr_comment", id: 2710000301, user: "coderabbitai[bot]", userType: "Bot", at: "2025-06-18T07:50:00Z", body: "## Walkthrough\nThe router now retries transient provider errors with jittered exponential backoff..." },
          {
            kind: "inline", id: 1990000401, user: "krrish-d", at: "2025-06-18T10:05:00Z",
            body: "`RateLimitError` is imported but not used in this module; it's only re-exported through `__all__`. Either drop it or import it where it's raised.",
            path: "agentflow/router/retry.py",
            hunk: "@@ -0,0 +1,38 @@\n+import random\n+import time\n+from typing import Callable, TypeVar\n+\n+from agentflow.exceptions import RateLimitError, ProviderError",
          },
          {
            kind: "inline", id: 1990000402, user: "krrish-d", at: "2025-06-18T10:09:00Z",
            body: "`retry_after` can be `None` here if the provider omitted the header, and then `sleep(None)` raises `TypeError`.",
            path: "agentflow/router/retry.py",
            hunk: "@@ -0,0 +1,38 @@\n+import random\n+import time\n+from typing import Callable, TypeVar\n+\n+from agentflow.exceptions import RateLimitError, ProviderError\n+\n+T = TypeVar(\"T\")\n+\n+RETRYABLE_STATUS = {429, 500, 502, 503}\n+\n+\n+def backoff_delay(attempt: int, base: float = 0.5, cap: float = 20.0) -> float:\n+    \"\"\"Full jitter: uniform in [0, min(cap, base * 2**attempt)].\"\"\"\n+    return random.uniform(0, min(cap, base * 2**attempt))\n+\n+\n+def retry_with_backoff(\n+    call: Callable[[], T],\n+    max_retries: int = 3,\n+    sleep: Callable[[float], None] = time.sleep,\n+) -> T:\n+    attempt = 0\n+    while True:\n+        try:\n+            return call()\n+        except ProviderError as err:\n+            if err.status not in RETRYABLE_STATUS or attempt >= max_retries:\n+                raise\n+            retry_after = getattr(err, \"retry_after\", None)\n+            delay = retry_after if retry_after is not None else backoff_delay(attempt)\n+            sleep(delay)",
          },
          { kind: "inline_reply", id: 1990000403, user: "lnovak", at: "2025-06-18T11:00:00Z", body: "The line above falls back to `backoff_delay` when it's `None`, so `sleep` always gets a float.", path: "agentflow/router/retry.py", replyTo: 1990000402 },
          {
            kind: "inline", id: 1990000404, user: "ishaan-j", at: "2025-06-19T09:00:00Z",
            body: "This wraps the call for every deployment, but `_pick_deployment` is only called once, so a 429 from one deployment is retried against the same deployment instead of falling back to a healthy one.",
            path: "agentflow/router/router.py",
            hunk: "@@ -210,9 +211,12 @@ class Router:\n     def completion(self, model: str, messages: list[dict], **kwargs):\n         deployment = self._pick_deployment(model)\n-        return deployment.client.completion(messages=messages, **kwargs)\n+        return retry_with_backoff(\n+            lambda: deployment.client.completion(messages=messages, **kwargs),\n+            max_retries=self.config.max_retries,\n+        )",
          },
          { kind: "inline", id: 1990000405, user: "ishaan-j", at: "2025-06-19T09:03:00Z", body: "Please add a test that 500 is retried too; only 429 and 401 are covered.", path: "tests/router/test_retry.py", hunk: "@@ -0,0 +1,27 @@\n+import pytest\n+\n+from agentflow.exceptions import ProviderError\n+from agentflow.router.retry import retry_with_backoff" },
          { kind: "review", id: 2600000501, user: "ishaan-j", at: "2025-06-19T09:04:00Z", body: "Fallback across deployments is the part I'd like to see before merging.", state: "CHANGES_REQUESTED" },
          { kind: "pr_comment", id: 2710000302, user: "krrish-d", at: "2025-06-19T12:00:00Z", body: "+1" },
        ],
      },
    ],
  },
  {
    fullName: "sketchworks/mobject",
    language: "Python",
    stars: 9050,
    prCount: 2410,
    lastActivityAt: "2025-05-02T08:00:00Z",
    selected: true,
    reason: "2,410 PRs > 1,500 required; active 2025-05-02 inside 2024-08-15..2025-08-15",
    pullRequests: [
      {
        number: 166,
        title: "Add `Arc.get_arc_center` and use it in `ArcBetweenPoints`",
        author: "pkumar",
        createdAt: "2025-02-20T16:30:00Z",
        problemDomain: "New Feature Additions",
        baseSha: sha("166-base"),
        headSha: sha("166-head"),
        body:
          "`ArcBetweenPoints` recomputed the arc centre from its points with a chord-bisector formula that breaks down when the " +
          "angle approaches `TAU`. This adds `Arc.get_arc_center`, which derives the centre from the first control points of the " +
          "Bezier curve (stable for all angles), and uses it in `ArcBetweenPoints.__init__` and in `Arc.move_arc_center_to`. " +
          "Includes a test comparing the centre for angles from 0.1 to TAU - 0.1, and a docstring example.",
        issues: [],
        patch: [
          "diff --git a/mobject/geometry/arc.py b/mobject/geometry/arc.py",
          "@@ -301,6 +301,24 @@ class Arc(TipableVMobject):",
          "     def get_start_angle(self) -> float:",
          "         return self.start_angle",
          " ",
          "+    def get_arc_center(self, warning: bool = True) -> np.ndarray:",
          "+        \"\"\"Centre of the circle the arc lies on, from its first Bezier handles.\"\"\"",
          "+        a1, h1, h2, a2 = self.points[:4]",
          "+        if np.all(a1 == a2):",
          "+            return a1",
          "+        t1 = h1 - a1",
          "+        t2 = h2 - a2",
          "+        n1 = rotate_vector(t1, TAU / 4)",
          "+        n2 = rotate_vector(t2, TAU / 4)",
          "+        try:",
          "+            return line_intersection(line1=(a1, a1 + n1), line2=(a2, a2 + n2))",
          "+        except Exception:",
          "+            if warning:",
          "+                warnings.warn(\"Can't find Arc center, using ORIGIN instead\")",
          "+            self._failed_to_get_center = True",
          "+            return np.array(ORIGIN)",
          "+",
          "     def move_arc_center_to(self, point: Point3D) -> Self:",
          "-        self.shift(point - self._compute_center())",
          "+        self.shift(point - self.get_arc_center())",
          "         return self",
          "diff --git a/tests/module/mobject/geometry/test_arc.py b/tests/module/mobject/geometry/test_arc.py",
          "@@ -0,0 +1,12 @@",
          "+import numpy as np",
          "+import pytest",
          "+",
          "+from mobject import TAU, Arc",
          "+",
          "+",
          "+@pytest.mark.parametrize(\"angle\", np.linspace(0.1, TAU - 0.1, 9))",
          "+def test_get_arc_center(angle):",
          "+    arc = Arc(radius=2, start_angle=0.3, angle=angle, arc_center=np.array([1.0, -1.0, 0.0]))",
          "+    np.testing.assert_allclose(arc.get_arc_center(), [1.0, -1.0, 0.0], atol=1e-6)",
          "+",
          "+",
        ].join("\n"),
        timeline: [
          { kind: "commit", sha: sha("166-c1"), user: "Priya Kumar", at: "2025-02-20T16:20:00Z", body: "Add Arc.get_arc_center" },
          { kind: "inline", id: 1990000501, user: "behackl", at: "2025-02-21T08:10:00Z", body: "`line_intersection` raises `ValueError` for parallel lines; catching bare `Exception` here will also hide real bugs in `rotate_vector`. Catch `ValueError` only.", path: "mobject/geometry/arc.py", hunk: "@@ -301,6 +301,24 @@ class Arc(TipableVMobject):\n     def get_start_angle(self) -> float:\n         return self.start_angle\n \n+    def get_arc_center(self, warning: bool = True) -> np.ndarray:\n+        \"\"\"Centre of the circle the arc lies on, from its first Bezier handles.\"\"\"\n+        a1, h1, h2, a2 = self.points[:4]\n+        if np.all(a1 == a2):\n+            return a1\n+        t1 = h1 - a1\n+        t2 = h2 - a2\n+        n1 = rotate_vector(t1, TAU / 4)\n+        n2 = rotate_vector(t2, TAU / 4)\n+        try:\n+            return line_intersection(line1=(a1, a1 + n1), line2=(a2, a2 + n2))\n+        except Exception:" },
          { kind: "inline", id: 1990000502, user: "behackl", at: "2025-02-21T08:12:00Z", body: "These tests are not parametrized over the radius, so a bug that scales the centre with the radius would pass. Use two radii.", path: "tests/module/mobject/geometry/test_arc.py", hunk: "@@ -0,0 +1,12 @@\n+import numpy as np\n+import pytest\n+\n+from mobject import TAU, Arc\n+\n+\n+@pytest.mark.parametrize(\"angle\", np.linspace(0.1, TAU - 0.1, 9))\n+def test_get_arc_center(angle):\n+    arc = Arc(radius=2, start_angle=0.3, angle=angle, arc_center=np.array([1.0, -1.0, 0.0]))" },
          { kind: "inline", id: 1990000503, user: "pkumar", at: "2025-02-21T09:00:00Z", body: "Note to self: also update the docstring example.", path: "mobject/geometry/arc.py", hunk: "@@ -301,6 +301,24 @@ class Arc(TipableVMobject):\n     def get_start_angle(self) -> float:\n         return self.start_angle\n \n+    def get_arc_center(self, warning: bool = True) -> np.ndarray:" },
          { kind: "review", id: 2600000601, user: "behackl", at: "2025-02-21T08:13:00Z", body: "Nice addition. Two small things inline.", state: "COMMENTED" },
          { kind: "pr_comment", id: 2710000401, user: "pre-commit-ci[bot]", userType: "Bot", at: "2025-02-21T08:20:00Z", body: "for more information, see https://pre-commit.ci" },
          { kind: "pr_comment", id: 2710000402, user: "chopan050", at: "2025-02-22T10:00:00Z", body: "`get_arc_center` duplicates `Circle.get_center` for full circles; for `angle == TAU` the first four points are a quarter arc, so the formula still holds and no special case is needed." },
        ],
      },
    ],
  },
  {
    fullName: "quietcloud/ledger-cli",
    language: "Python",
    stars: 3120,
    prCount: 640,
    lastActivityAt: "2024-05-10T08:00:00Z",
    selected: false,
    reason: "640 PRs ≤ 1,500 required",
    pullRequests: [],
  },
];
