// What a side sheet shows when its content (the lessons, the reference) could not be loaded from the
// worker: why, as an alert, and Retry beside it.
import { SMALL_BUTTON } from './buttons.ts';

export function LoadError({
  what,
  error,
  testId,
  margin,
  onRetry,
}: {
  /** What could not be loaded, as the sentence starts ("The lessons"). */
  what: string;
  /** Why; nothing is shown while it is null. */
  error: string | null;
  testId: string;
  /** Its margin in the sheet (a class). */
  margin: string;
  onRetry: () => void;
}) {
  if (error === null) return null;
  return (
    <p role="alert" data-testid={testId} className={`${margin} text-sm text-rose-700 dark:text-rose-400`}>
      {what} could not be loaded: {error}{' '}
      <button type="button" className={SMALL_BUTTON} onClick={onRetry}>
        Retry
      </button>
    </p>
  );
}
