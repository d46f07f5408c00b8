// biome-ignore-all lint/correctness/noPrecisionLoss: the published AS241 coefficients, kept digit for digit as printed
// Φ⁻¹(p), the standard normal quantile, by Wichura's algorithm AS241 (PPND16), Applied
// Statistics 37(3), 1988: relative error about 1e-16, well inside the 1e-9 the audit needs.
// Used for z at any confidence level (sample size, Wilson interval), not only the tabled 1.96.
// Kept by hand (#47): no dependency of ours has a normal quantile, and the packages that do (jstat,
// @stdlib/stats-base-dists-normal-quantile) would add a library for these sixty lines, which are
// checked against reference quantiles (scipy.stats.norm.ppf) in inverse-normal-cdf.test.ts.

const CENTRAL_NUMERATOR = [
  3.387132872796366608, 133.14166789178437745, 1971.5909503065514427, 13731.693765509461125, 45921.953931549871457, 67265.770927008700853,
  33430.575583588128105, 2509.0809287301226727,
];
const CENTRAL_DENOMINATOR = [
  1, 42.313330701600911252, 687.1870074920579083, 5394.1960214247511077, 21213.794301586595867, 39307.89580009271061, 28729.085735721942674,
  5226.495278852854561,
];
const NEAR_NUMERATOR = [
  1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055, 3.64784832476320460504, 1.27045825245236838258,
  0.24178072517745061177, 0.0227238449892691845833, 7.7454501427834140764e-4,
];
const NEAR_DENOMINATOR = [
  1, 2.05319162663775882187, 1.6763848301838038494, 0.68976733498510000455, 0.14810397642748007459, 0.0151986665636164571966,
  5.475938084995344946e-4, 1.05075007164441684324e-9,
];
const FAR_NUMERATOR = [
  6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358, 0.29656057182850489123, 0.026532189526576123093,
  0.0012426609473880784386, 2.71155556874348757815e-5, 2.01033439929228813265e-7,
];
const FAR_DENOMINATOR = [
  1, 0.59983220655588793769, 0.13692988092273580531, 0.0148753612908506148525, 7.868691311456132591e-4, 1.8463183175100546818e-5,
  1.4215117583164458887e-7, 2.04426310338993978564e-15,
];

function polynomial(coefficients: readonly number[], x: number): number {
  let sum = 0;
  for (let i = coefficients.length - 1; i >= 0; i--) sum = sum * x + coefficients[i];
  return sum;
}

export function inverseStandardNormal(p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`probability must be between 0 and 1 (got ${p})`);
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (q * polynomial(CENTRAL_NUMERATOR, r)) / polynomial(CENTRAL_DENOMINATOR, r);
  }
  let r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  let z: number;
  if (r <= 5) {
    r -= 1.6;
    z = polynomial(NEAR_NUMERATOR, r) / polynomial(NEAR_DENOMINATOR, r);
  } else {
    r -= 5;
    z = polynomial(FAR_NUMERATOR, r) / polynomial(FAR_DENOMINATOR, r);
  }
  return q < 0 ? -z : z;
}

/** Two-sided critical value: 0.95 → 1.959963984540054. */
export function twoSidedZ(confidence: number): number {
  if (!(confidence > 0 && confidence < 1)) {
    throw new RangeError(`confidence must be strictly between 0 and 1 (got ${confidence})`);
  }
  return inverseStandardNormal(1 - (1 - confidence) / 2);
}
