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
    expect(DEFAULT_COMPRESSION_OPTIONS).toMatchObject({ printlnLimit: 15, toolCallLimit: 20, sampleLimit: 3, samplePrintableLimit: 80, failedTurns: 'latest' });
  });
  it("the options that answer the criticisms of the seeds' design are off by default; trimming waits for 8 turns or 16,000 tokens", () => {
    expect(DEFAULT_COMPRESSION_OPTIONS).toMatchObject({
      recentTurns: 3,
      triggerTurns: 8,
      triggerTokens: 16_000,
      showToolResults: false,
      keepRecoveredErrors: false,
      startAfterTurns: 0,
      startAfterTokens: 0,
    });
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
      new CompressionOptionError(
        'Unknown compression strategy "rolling" (known: single-user-coalesced, full-history, trim, observation-masking, rolling-window, per-turn-summary, aggressive, legacy-summary)',
      ),
    );
    expect(() => normalize({ strategy: 'single-user-coalesced', printlnLimit: -1 })).toThrow(/printlnLimit must be a whole number ≥ 0, got -1/);
    expect(() => normalize({ strategy: 'single-user-coalesced', failedTurns: 'some' as 'all' })).toThrow(/failedTurns must be "latest" or "all"/);
    expect(() => normalize({ strategy: 'single-user-coalesced', printLimit: 3 } as never)).toThrow(/printLimit is not an option/);
    expect(() => normalize({ strategy: 'single-user-coalesced', showToolResults: 'yes' } as never)).toThrow(
      new CompressionOptionError('compression.showToolResults must be true or false, got "yes"'),
    );
    expect(() => normalize({ strategy: 'single-user-coalesced', triggerTokens: 1.5 })).toThrow(/triggerTokens must be a whole number ≥ 0, got 1.5/);
  });
});
