// One availability as a component sees it, re-rendering only when its reason changes.
import { type Availability } from './availability.ts';
import { usePlayground } from './playground.tsx';
import type { PlaygroundState } from './store.ts';

/** Subscribes to one availability by its reason (a string, so the store selector stays stable). */
export function useAvailability(check: (s: PlaygroundState) => Availability): Availability {
  const why = usePlayground((s) => check(s).why);
  return { ok: why === '', why };
}
