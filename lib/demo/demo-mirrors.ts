// Local git mirrors for the demo world, which has no real repositories: one bare repository per
// demo repository, one commit per demo PR holding a base version of every file the PR's patch
// touches (built from the hunks so the patch applies) plus the few modules the review comments
// talk about, so the repository browser and code search have something true to show.
import { parsePatch } from "@/lib/annotate/parse-patch";
import { mirrorPathFor } from "@/lib/repo/mirror-path";
import { ensureBareMirror, type MirrorCommit } from "@/lib/repo/build-bare-mirror";
import { synthesizeBaseFile, type BaseFilePlan } from "@/lib/repo/synthesize-base-file";
import type { DemoRepository } from "./demo-world";

const lines = (s: string) => s.replace(/^\n/, "").replace(/\n$/, "").split("\n");

// Where the stand-in code leaves off, the lines the hunks' headers and comments imply.
const BASE_PLANS: Record<string, BaseFilePlan> = {
  "frameworks/core/nanops.py": {
    gaps: [
      {
        start: lines(`
from __future__ import annotations

import numpy as np

from frameworks.core.dtypes.common import is_float_dtype
from frameworks.core.dtypes.missing import isna, notna


def _maybe_get_mask(values, skipna: bool, mask):
    """Mask of missing values; None when values cannot hold NaN and skipna is False."""
    if mask is None:
        if values.dtype.kind in "biu":
            return None
        if skipna or values.dtype.kind in "mM":
            mask = isna(values)
    return mask


def _get_values(values, skipna: bool, fill_value=None, mask=None):
    """Fill missing values with fill_value; recomputes the mask when none is given."""
    mask = _maybe_get_mask(values, skipna, mask)
    dtype = values.dtype
    if skipna and mask is not None and fill_value is not None:
        values = values.copy()
        np.putmask(values, mask, fill_value)
    return values, mask, dtype, dtype, fill_value


def _wrap_results(result, dtype):
    return result
`),
        end: [
          "",
          "",
          "def nanmedian(values, *, axis=None, skipna=True, mask=None):",
          '    """Median of the non-missing values (GroupBy.median dispatches here)."""',
        ],
      },
    ],
    tail: lines(`
    if axis is None:
        return _wrap_results(get_median(values, mask), dtype)
    res = np.apply_along_axis(get_median, axis, values)
    return _wrap_results(res, dtype)
`),
  },
  "frameworks/tests/test_nanops.py": {
    gaps: [
      {
        start: lines(`
import numpy as np
import pytest

from frameworks import DataFrame, Series
from frameworks.core import nanops
`),
        end: [
          "",
          "",
          "def test_nanmean_overflow(disable_bottleneck, val):",
          "    np_result = np.array([val]).mean()",
          "    result = nanops.nanmean(np.array([val]))",
        ],
      },
    ],
    tail: ["    result = nanops.nansum(s.values)", "    assert result.dtype == np.dtype(dtype)"],
  },
  "doc/source/whatsnew/v3.0.0.rst": {
    gaps: [
      {
        start: [".. _whatsnew_300:", "", "What's new in 3.0.0 (Month XX, 2025)", "------------------------------------", ""],
        end: ["", "Groupby/resample/rolling", "^^^^^^^^^^^^^^^^^^^^^^^^"],
      },
    ],
    tail: ["", "Reshaping", "^^^^^^^^^", "- Bug in :func:`concat` ignoring ``sort`` for all-empty frames (:issue:`56000`)"],
  },
  "frameworks/core/generic.py": {
    gaps: [
      {
        start: lines(`
from __future__ import annotations

import numpy as np

from frameworks.core import common
from frameworks.core.dtypes.common import is_list_like


class NDFrame:
    """Shared implementation of DataFrame and Series."""
`),
        indent: "    ",
        end: [
          "",
          "    def _where(",
          "        self,",
          "        cond,",
          "        other=np.nan,",
          "        inplace: bool = False,",
          "        axis=None,",
          "        level=None,",
          "    ):",
        ],
      },
    ],
    tail: [
      "        new_data = self._mgr.where(other=other, cond=cond, align=True)",
      "        return self._constructor_from_mgr(new_data, axes=new_data.axes)",
    ],
  },
  "frameworks/tests/frame/indexing/test_where.py": {
    gaps: [
      {
        start: ["import numpy as np", "", "from frameworks import DataFrame", "import frameworks._testing as tm", ""],
        end: ["", "", "def test_where_inplace_string_array_consistency():", '    df = DataFrame(["foo"], dtype="string")'],
      },
    ],
  },
  "agentflow/router/router.py": {
    gaps: [
      {},
      {
        start: lines(`
@dataclass
class Router:
    config: RouterConfig
    deployments: list[Deployment]
`),
        indent: "    ",
        end: [""],
      },
    ],
    tail: ['            raise LookupError(f"no healthy deployment for {model}")', "        return candidates[0]"],
  },
  "mobject/geometry/arc.py": {
    gaps: [
      {
        start: lines(`
from __future__ import annotations

import numpy as np

from mobject.constants import ORIGIN, TAU
from mobject.types import Point3D, Self, TipableVMobject
from mobject.utils.space_ops import line_intersection, rotate_vector


class Arc(TipableVMobject):
    def __init__(self, radius: float = 1.0, start_angle: float = 0, angle: float = TAU / 4, arc_center=ORIGIN, **kwargs):
        self.radius = radius
        self.start_angle = start_angle
        self.angle = angle
        self.arc_center = arc_center
        super().__init__(**kwargs)
`),
        indent: "    ",
        end: [""],
      },
    ],
    tail: lines(`

    def _compute_center(self) -> np.ndarray:
        # chord-bisector formula: unstable as the angle approaches TAU
        start, end = self.points[0], self.points[-1]
        return (start + end) / 2
`),
  },
};

// Modules the PR bodies and review comments refer to, so code search finds their definitions.
const EXTRA_FILES: Record<string, Record<string, string>> = {
  "tabular-labs/frameworks": {
    "README.md":
      "# frameworks\n\nDemo mirror of a dataframe library for the Review Trust Workbench. Only the modules the demo's\npull requests and review comments touch are here.\n",
    "frameworks/__init__.py":
      'from frameworks.core.frame import DataFrame\nfrom frameworks.core.series import Series\n\n__all__ = ["DataFrame", "Series"]\n',
    "frameworks/core/__init__.py": "",
    "frameworks/core/dtypes/common.py":
      'import numpy as np\n\n\ndef is_float_dtype(dtype) -> bool:\n    return np.dtype(dtype).kind == "f"\n\n\ndef is_list_like(obj) -> bool:\n    return hasattr(obj, "__iter__") and not isinstance(obj, (str, bytes))\n',
    "frameworks/core/dtypes/missing.py":
      'import numpy as np\n\n\ndef isna(values):\n    return np.isnan(values) if values.dtype.kind == "f" else np.zeros(values.shape, dtype=bool)\n\n\ndef notna(values):\n    return ~isna(values)\n',
    "frameworks/core/groupby/groupby.py":
      'from frameworks.core import nanops\n\n\nclass GroupBy:\n    def median(self, numeric_only: bool = False):\n        """Median of each group; all-NaN groups should give NaN (GH#58010)."""\n        return self._cython_agg_general(\n            "median",\n            alt=lambda values: nanops.nanmedian(values, skipna=True),\n            numeric_only=numeric_only,\n        )\n',
    "frameworks/core/internals/blocks.py":
      "import numpy as np\n\n\nclass Block:\n    def where(self, other, cond):\n        # scalars broadcast here: np.where(cond, values, other) never needs a full frame of `other`\n        return np.where(cond, self.values, other)\n",
    "asv_bench/benchmarks/frame_methods.py":
      "import numpy as np\n\nfrom frameworks import DataFrame\n\n\nclass Where:\n    def setup(self):\n        self.df = DataFrame(np.random.randn(10_000, 100))\n\n    def time_where_scalar(self):\n        self.df.where(self.df > 0, 0.0)\n",
  },
  "vectorops/agentflow": {
    "README.md": "# agentflow\n\nDemo mirror of an LLM router for the Review Trust Workbench.\n",
    "agentflow/__init__.py": 'from agentflow.router.router import Router\n\n__all__ = ["Router"]\n',
    "agentflow/router/__init__.py": "",
    "agentflow/exceptions.py":
      'class ProviderError(Exception):\n    def __init__(self, status: int, retry_after: float | None = None, message: str = ""):\n        super().__init__(message or f"provider answered {status}")\n        self.status = status\n        self.retry_after = retry_after\n\n\nclass RateLimitError(ProviderError):\n    def __init__(self, retry_after: float | None = None):\n        super().__init__(429, retry_after)\n',
    "agentflow/config.py":
      "from dataclasses import dataclass\n\n\n@dataclass\nclass RouterConfig:\n    max_retries: int = 3\n    timeout_s: float = 60.0\n",
    "agentflow/deployments.py":
      "from dataclasses import dataclass\nfrom typing import Any\n\n\n@dataclass\nclass Deployment:\n    model: str\n    client: Any\n    healthy: bool = True\n",
  },
  "sketchworks/mobject": {
    "README.md": "# mobject\n\nDemo mirror of a maths animation library for the Review Trust Workbench.\n",
    "mobject/__init__.py":
      'from mobject.constants import ORIGIN, TAU\nfrom mobject.geometry.arc import Arc\n\n__all__ = ["ORIGIN", "TAU", "Arc"]\n',
    "mobject/geometry/__init__.py": "",
    "mobject/constants.py": "import numpy as np\n\nTAU = 2 * np.pi\nORIGIN = np.array((0.0, 0.0, 0.0))\n",
    "mobject/types.py":
      "from typing import Self\n\nimport numpy as np\n\nPoint3D = np.ndarray\n\n\nclass TipableVMobject:\n    points: np.ndarray\n\n    def shift(self, vector) -> Self:\n        self.points = self.points + vector\n        return self\n",
    "mobject/utils/space_ops.py":
      'import numpy as np\n\n\ndef rotate_vector(vector: np.ndarray, angle: float) -> np.ndarray:\n    c, s = np.cos(angle), np.sin(angle)\n    x, y = vector[0], vector[1]\n    return np.array([c * x - s * y, s * x + c * y, vector[2] if len(vector) > 2 else 0.0])\n\n\ndef line_intersection(line1, line2) -> np.ndarray:\n    """Intersection of two lines in the xy-plane, each given by two points."""\n    (x1, y1, _), (x2, y2, _) = line1\n    (x3, y3, _), (x4, y4, _) = line2\n    det = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)\n    if det == 0:\n        raise ValueError("The lines are parallel: no intersection")\n    px = ((x1 * y2 - y1 * x2) * (x3 - x4) - (x1 - x2) * (x3 * y4 - y3 * x4)) / det\n    py = ((x1 * y2 - y1 * x2) * (y3 - y4) - (y1 - y2) * (x3 * y4 - y3 * x4)) / det\n    return np.array([px, py, 0.0])\n',
  },
};

/** The commits of one demo repository: one per PR (oldest first), each a base its patch applies to. */
function demoMirrorCommits(repo: DemoRepository): { number: number; commit: MirrorCommit }[] {
  const prs = [...repo.pullRequests].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return prs.map((pr, i) => {
    const files: Record<string, string> = i === 0 ? { ...(EXTRA_FILES[repo.fullName] ?? {}) } : {};
    for (const file of parsePatch(pr.patch)) {
      const base = synthesizeBaseFile(file, BASE_PLANS[file.oldPath]);
      if (base !== null) files[file.oldPath] = base;
    }
    return { number: pr.number, commit: { message: `Base of #${pr.number}: ${pr.title}`, files } };
  });
}

/** Builds (or finds) the demo mirrors; returns each demo PR's real base commit, by repository and number. */
export async function buildDemoMirrors(mirrorsDir: string, repos: DemoRepository[]): Promise<Map<string, Map<number, string>>> {
  const out = new Map<string, Map<number, string>>();
  for (const repo of repos) {
    if (repo.pullRequests.length === 0) continue;
    const planned = demoMirrorCommits(repo);
    const shas = await ensureBareMirror(
      mirrorPathFor(mirrorsDir, repo.fullName),
      repo.fullName,
      planned.map((p) => p.commit),
    );
    out.set(repo.fullName, new Map(planned.map((p, i) => [p.number, shas[i]])));
  }
  return out;
}
