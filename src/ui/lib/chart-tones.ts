// The tones of chart lines (one per strategy or variant): colour and dashes, so lines differ without
// colour too; shared by the whole-run chart and the experiments' rate chart.

/** Stroke and fill per line, readable on white and on slate-950; full history (first) the darkest. */
const TONES = [
  { stroke: 'stroke-slate-800 dark:stroke-slate-100', fill: 'fill-slate-800 dark:fill-slate-100' },
  { stroke: 'stroke-sky-600 dark:stroke-sky-400', fill: 'fill-sky-600 dark:fill-sky-400' },
  { stroke: 'stroke-amber-600 dark:stroke-amber-400', fill: 'fill-amber-600 dark:fill-amber-400' },
  { stroke: 'stroke-emerald-600 dark:stroke-emerald-400', fill: 'fill-emerald-600 dark:fill-emerald-400' },
  { stroke: 'stroke-rose-600 dark:stroke-rose-400', fill: 'fill-rose-600 dark:fill-rose-400' },
  { stroke: 'stroke-violet-600 dark:stroke-violet-400', fill: 'fill-violet-600 dark:fill-violet-400' },
  { stroke: 'stroke-teal-700 dark:stroke-teal-300', fill: 'fill-teal-700 dark:fill-teal-300' },
  { stroke: 'stroke-fuchsia-600 dark:stroke-fuchsia-400', fill: 'fill-fuchsia-600 dark:fill-fuchsia-400' },
  { stroke: 'stroke-lime-700 dark:stroke-lime-400', fill: 'fill-lime-700 dark:fill-lime-400' },
  { stroke: 'stroke-orange-700 dark:stroke-orange-300', fill: 'fill-orange-700 dark:fill-orange-300' },
];
/** Dashes too, so lines differ without colour. */
const DASHES = [undefined, '6 3', '2 3', '8 3 2 3', undefined, '6 3', '2 3', '8 3 2 3', undefined, '6 3'];

/** The stroke, fill and dashes of line i (full history, first, the darkest). */
export function toneOf(i: number): { stroke: string; fill: string; dash: string | undefined } {
  return { ...TONES[i % TONES.length], dash: DASHES[i % DASHES.length] };
}
