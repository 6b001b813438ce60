// A button whose action cannot be undone, so it asks first: pressed, it gives way to the question, a
// button that does it (test id `${testId}-confirm`) and Keep; either puts the button back.
import { useState } from 'react';
import { SMALL_BUTTON } from './buttons.ts';

export interface AskFirstProps {
  /** The button's words, and those of the one that does it. */
  readonly label: string;
  readonly confirm: string;
  readonly question: string;
  readonly testId: string;
  readonly onConfirm: () => void;
  readonly disabled?: boolean;
  readonly ariaLabel?: string;
}

export function AskFirst({ label, confirm, question, testId, onConfirm, disabled, ariaLabel }: AskFirstProps) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className={SMALL_BUTTON} data-testid={testId} disabled={disabled} aria-label={ariaLabel} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="flex items-center gap-1 text-xs">
      {question}
      <button
        type="button"
        className={SMALL_BUTTON}
        data-testid={`${testId}-confirm`}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirm}
      </button>
      <button type="button" className={SMALL_BUTTON} onClick={() => setAsking(false)}>
        Keep
      </button>
    </span>
  );
}
