import { describe, expect, it } from 'vitest';
import { CompressionOptionError, normalize } from '../../src/compression/normalize.ts';
import { DEFAULT_COMPRESSION_OPTIONS } from '../../src/compression/strategy.ts';
import { fullHistory } from '../../src/compression/strategies/full-history.ts';
import { singleUserCoalesced } from '../../src/compression/strategies/single-user-coalesced.ts';

describe('normalize (C1)', () => {
  it('API-001 / ARC-005 true → the default strategy single-user-coalesced with defaults', () => {
    expect(normalize(true)).toEqual([singleUserCoalesced, DEFAULT_COMPRESSION_OPTIONS]);
  });
  it('API-003 false, null and absent → no compression', () => {
    for (const o of [false, null, undefined]) expect(normalize(o)[0]).toBeNull();
  });
  it('API-004 / API-005 defaults: printlnLimit 15, toolCallLimit 20, samples 3 and 80, failedTurns latest', () => {
    expect(DEFAULT_COMPRESSION_OPTIONS).toEqual({ printlnLimit: 15, toolCallLimit: 20, sampleLimit: 3, samplePrintableLimit: 80, failedTurns: 'latest' });
  });
  it('API-006 a strategy name → [strategy, defaults]', () => {
    expect(normalize('single-user-coalesced')).toEqual([singleUserCoalesced, DEFAULT_COMPRESSION_OPTIONS]);
    expect(normalize('full-history')).toEqual([fullHistory, DEFAULT_COMPRESSION_OPTIONS]);
  });
  it('API-002 / API-007 {strategy, ...options}: given options win, the rest are inherited defaults', () => {
    expect(normalize({ strategy: 'single-user-coalesced', printlnLimit: 10, failedTurns: 'all' })).toEqual([
      singleUserCoalesced,
      { ...DEFAULT_COMPRESSION_OPTIONS, printlnLimit: 10, failedTurns: 'all' },
    ]);
  });
  it('bad input is a clear error', () => {
    expect(() => normalize('rolling')).toThrow(
      new CompressionOptionError('Unknown compression strategy "rolling" (known: single-user-coalesced, full-history)'),
    );
    expect(() => normalize({ strategy: 'single-user-coalesced', printlnLimit: -1 })).toThrow(/printlnLimit must be a whole number ≥ 0, got -1/);
    expect(() => normalize({ strategy: 'single-user-coalesced', failedTurns: 'some' as 'all' })).toThrow(/failedTurns must be "latest" or "all"/);
    expect(() => normalize({ strategy: 'single-user-coalesced', printLimit: 3 } as never)).toThrow(/printLimit is not an option/);
  });
});
