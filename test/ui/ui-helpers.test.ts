// The small pure helpers of the playground UI: highlighting, the saving, file names, durations.
import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fileNameFor, titleOf, EXAMPLES } from '../../src/ui/state/examples.ts';
import { savingOf } from '../../src/ui/features/selected-turn/MessagesCompare.tsx';
import { highlight } from '../../src/ui/components/ClojureCode.tsx';
import { clockResolutionMs, formatError, formatMs } from '../../src/ui/lib/format.ts';

function spans(code: string): [string, string | null][] {
  return highlight(code).map((n) => {
    if (isValidElement(n)) {
      const el = n as ReactElement<{ className: string; children: string }>;
      return [el.props.children, el.props.className];
    }
    return [String(n), null];
  });
}

describe('highlight', () => {
  it('keeps the text exactly and classifies tokens', () => {
    const code = '(defn f [x] ; note\n  (tool/get "a \\"b\\"" :k 1.5 nil data/products #"r+"))';
    const parts = spans(code);
    expect(parts.map(([t]) => t).join('')).toBe(code);
    const kind = (t: string) => parts.find(([p]) => p === t)?.[1] ?? null;
    expect(kind('defn')).toContain('font-semibold');
    expect(kind('; note')).toContain('italic');
    expect(kind('"a \\"b\\""')).toContain('emerald');
    expect(kind(':k')).toContain('violet');
    expect(kind('1.5')).toContain('amber');
    expect(kind('nil')).toContain('amber');
    expect(kind('tool/get')).toContain('rose');
    expect(kind('data/products')).toContain('rose');
    expect(kind('#"r+"')).toContain('emerald');
    expect(kind('f')).toBeNull();
  });

  it('copes with an unterminated string', () => {
    const code = '(str "abc';
    expect(
      spans(code)
        .map(([t]) => t)
        .join(''),
    ).toBe(code);
  });
});

describe('helpers', () => {
  it('savingOf', () => {
    expect(savingOf(50, 200)).toBe('75.0 %');
    expect(savingOf(110, 100)).toBe('−10.0 %');
    expect(savingOf(1, 0)).toBe('—');
  });

  it('fileNameFor and titleOf', () => {
    expect(fileNameFor('Reviews and inventory')).toBe('Reviews and inventory.json');
    expect(fileNameFor('a/b: c?')).toBe('a-b- c-.json');
    expect(fileNameFor('  ')).toBe('session.json');
    expect(titleOf('{"title": "T"}', 'x')).toBe('T');
    expect(titleOf('not json', 'x')).toBe('x');
  });

  it('the bundled examples are found, sorted by file name', () => {
    expect(EXAMPLES.map((e) => e.name)).toEqual([
      'failed-turn-recovery',
      'long-run-overflow',
      'products-exploration',
      'reviews-and-inventory',
      'side-effect-calls',
    ]);
  });

  it('formatMs shows what a coarse clock can know: "< 1 ms" and whole milliseconds, never "0.00 ms"', () => {
    // Firefox and Safari: whole milliseconds.
    expect([0, 0.4, 1, 3, 12.6, 250.4, 1234].map((ms) => formatMs(ms, 1))).toEqual(['< 1 ms', '< 1 ms', '1 ms', '3 ms', '13 ms', '250 ms', '1.23 s']);
    // A clock of tenths.
    expect([0, 0.1, 0.34, 12.34].map((ms) => formatMs(ms, 0.1))).toEqual(['< 0.1 ms', '0.1 ms', '0.3 ms', '12.3 ms']);
    // Microseconds (Chromium): a duration of 0 is still shown as below what is shown.
    expect([0, 0.004, 0.123].map((ms) => formatMs(ms, 0.005))).toEqual(['< 0.01 ms', '< 0.01 ms', '0.12 ms']);
  });

  it('clockResolutionMs finds the step of a clock by watching it tick', () => {
    let t = 0;
    const coarse = () => Math.floor((t += 0.013));
    expect(clockResolutionMs(coarse)).toBe(1);
  });

  it('formatMs and formatError', () => {
    expect(formatMs(0.123)).toBe('0.12 ms');
    expect(formatMs(12.34)).toBe('12.3 ms');
    expect(formatMs(250.4)).toBe('250 ms');
    expect(formatMs(1500)).toBe('1.50 s');
    expect(formatError({ type: 'parse_error', message: 'm', line: 2, column: 3 })).toBe('parse_error: m (line 2, column 3)');
    expect(formatError({ type: 'fail', message: 'm' })).toBe('fail: m');
  });
});

describe('offsetOf', () => {
  it('finds 1-based lines and columns, and refuses places outside the text', async () => {
    const { offsetOf } = await import('../../src/ui/components/ClojureCode.tsx');
    const code = '(def a 1)\n(+ a (bad 2))';
    expect(offsetOf(code, 1, 1)).toBe(0);
    expect(code.slice(offsetOf(code, 2, 7) ?? 0)).toMatch(/^bad/);
    expect(offsetOf(code, 3, 1)).toBeNull();
    expect(offsetOf(code, 1, 40)).toBeNull();
  });
});
