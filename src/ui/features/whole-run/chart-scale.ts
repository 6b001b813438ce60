// The chart's axes: a y scale from 0 to a round maximum with round ticks, and x positions of turns.

/** A round step for about `count` ticks up to `max` (1, 2 or 5 times a power of ten). */
export function tickStep(max: number, count = 4): number {
  if (max <= 0) return 1;
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const m = raw / power;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * power;
}

/** Ticks 0, step, 2·step… up to the first one at or above max. */
export function ticksFor(max: number, count = 4): number[] {
  const step = tickStep(max, count);
  const ticks = [0];
  while (ticks[ticks.length - 1] < max) ticks.push(ticks[ticks.length - 1] + step);
  if (ticks.length === 1) ticks.push(step);
  return ticks;
}

/** A tick's label: 12k for thousands, as is below. */
export function tickLabel(n: number): string {
  if (n >= 1_000_000) return `${Number((n / 1_000_000).toFixed(1))}M`;
  if (n >= 1000) return `${Number((n / 1000).toFixed(1))}k`;
  return String(n);
}
