// @vitest-environment happy-dom
// The line of figures under a turn: which language it ran under when not today's.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TurnFigures } from '../../../src/ui/components/TurnFigures.tsx';
import type { TurnView } from '../../../src/worker/views.ts';

afterEach(cleanup);

const base: TurnView = {
  number: 1,
  rawResponse: '```clojure\n1\n```',
  program: '1',
  success: true,
  signal: null,
  result: '1',
  prints: [],
  toolCalls: [],
  durationMs: 1,
  promptHash: 'eb0e9be769561e64',
};

describe('TurnFigures', () => {
  it('names the language of a turn that ran under an older one, and says what that means', () => {
    render(
      <TurnFigures
        turn={{ ...base, language: { id: '2026-01', name: 'PTC-Lisp of January 2026', current: 'PTC-Lisp of August 2026' } }}
        previousHash={undefined}
        lookup={() => undefined}
      />,
    );
    const badge = screen.getByTestId('turn-language');
    expect(badge.textContent).toBe('PTC-Lisp of January 2026');
    expect(badge.getAttribute('title')).toContain('New turns run under PTC-Lisp of August 2026');
  });

  it('says nothing of the language of a turn of today’s', () => {
    render(<TurnFigures turn={base} previousHash={undefined} lookup={() => undefined} />);
    expect(screen.getByTestId('turn-figures')).toBeTruthy();
    expect(screen.queryByTestId('turn-language')).toBeNull();
  });
});
