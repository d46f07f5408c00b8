/** A share in [0, 1] as a percentage with the paper's two decimals; "–" where it is undefined. */
export function formatPercent(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined ? "–" : (value * 100).toFixed(digits);
}

/** A difference of two shares in percentage points, signed. */
export function formatPointDifference(a: number | null, b: number | null, digits = 2): string {
  if (a === null || b === null) return "–";
  const points = (a - b) * 100;
  return `${points >= 0 ? "+" : "−"}${Math.abs(points).toFixed(digits)} pp`;
}
