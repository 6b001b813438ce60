// The statistics of an experiment's results: a success rate is only as good as its interval, and a
// handful of runs gives a wide one. Wilson's score interval stays inside 0..1 and behaves at 0 and n
// successes, where the normal approximation says nonsense.

/** z for a 95% two-sided interval. */
export const Z95 = 1.96;

/** The Wilson score interval of `successes` out of `n` (n = 0: nothing is known, [0, 1]). */
export function wilson(successes: number, n: number, z = Z95): [number, number] {
  if (!Number.isInteger(successes) || !Number.isInteger(n) || successes < 0 || n < 0 || successes > n)
    throw new RangeError(`wilson: need 0 ≤ successes ≤ n, got ${successes} of ${n}`);
  if (n === 0) return [0, 1];
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  // Rounding can leave the bounds a hair outside 0..1 (or off the exact ends at 0 and n successes).
  const lo = successes === 0 ? 0 : Math.max(0, centre - half);
  const hi = successes === n ? 1 : Math.min(1, centre + half);
  return [lo, hi];
}

export function mean(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

/** 0.4166 → "41.7%". */
export function percent(x: number, digits = 1): string {
  return `${(x * 100).toFixed(digits)}%`;
}
