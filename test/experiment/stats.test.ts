import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mean, percent, wilson } from '../../src/experiment/stats.ts';

describe('wilson', () => {
  it('gives the textbook 95% intervals', () => {
    const [lo5, hi5] = wilson(5, 10);
    expect(lo5).toBeCloseTo(0.2366, 4);
    expect(hi5).toBeCloseTo(0.7634, 4);
    const [lo0, hi0] = wilson(0, 10);
    expect(lo0).toBe(0);
    expect(hi0).toBeCloseTo(0.2775, 4);
    const [lo10, hi10] = wilson(10, 10);
    expect(lo10).toBeCloseTo(0.7225, 4);
    expect(hi10).toBe(1);
    const [lo, hi] = wilson(81, 263);
    expect(lo).toBeCloseTo(0.2553, 4);
    expect(hi).toBeCloseTo(0.3662, 4);
  });

  it('knows nothing from no runs', () => {
    expect(wilson(0, 0)).toEqual([0, 1]);
  });

  it('refuses impossible counts', () => {
    expect(() => wilson(3, 2)).toThrow(RangeError);
    expect(() => wilson(-1, 2)).toThrow(RangeError);
    expect(() => wilson(1.5, 2)).toThrow(RangeError);
  });

  it('holds the rate, stays in 0..1 and narrows with more runs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, share) => {
        const k = Math.round(share * n);
        const [lo, hi] = wilson(k, n);
        expect(lo).toBeGreaterThanOrEqual(0);
        expect(hi).toBeLessThanOrEqual(1);
        expect(lo).toBeLessThanOrEqual(k / n + 1e-12);
        expect(hi).toBeGreaterThanOrEqual(k / n - 1e-12);
        const [lo4, hi4] = wilson(4 * k, 4 * n);
        expect(hi4 - lo4).toBeLessThan(hi - lo + 1e-12);
      }),
    );
  });
});

describe('mean and percent', () => {
  it('has no mean of nothing', () => {
    expect(mean([])).toBeNull();
    expect(mean([1, 2, 6])).toBe(3);
  });
  it('prints a share as a percentage', () => {
    expect(percent(0.41666)).toBe('41.7%');
    expect(percent(1, 0)).toBe('100%');
  });
});
