// Prompt tokens per turn, one line per strategy (SVG, no chart library): cumulative or per turn, with
// or without the SYSTEM prompt. The numbers themselves are in the run table; the chart's label says
// where each line ends.
import type { CompareView } from '../../../worker/compare-view.ts';
import { formatCount } from '../../lib/format.ts';
import { Checkbox } from '../../components/Checkbox.tsx';
import { toneOf } from '../../lib/chart-tones.ts';
import { ticksFor, tickLabel } from './chart-scale.ts';
import { seriesOf, type Series } from './compare-figures.ts';
import type { ChartMode } from './compare-store.ts';
import { useCompare } from './useCompare.ts';

const W = 640;
const H = 240;
const PAD = { left: 48, right: 12, top: 10, bottom: 28 };

/** What the chart shows, in words: the figures where each line ends. */
export function chartLabel(series: readonly Series[], mode: ChartMode, withSystem: boolean): string {
  const n = series[0]?.values.length ?? 0;
  const what = `${mode === 'cumulative' ? 'Cumulative prompt tokens' : 'Prompt tokens per turn'}, ${withSystem ? 'with' : 'without'} SYSTEM, over ${n} turn${n === 1 ? '' : 's'}`;
  if (n === 0) return `${what}.`;
  const ends = series.map((s) => `${s.name} ${formatCount(s.values[n - 1])}`).join(', ');
  return `${what}. ${mode === 'cumulative' ? 'Totals' : `At turn ${n}`}: ${ends}.`;
}

function Lines({ series }: { series: readonly Series[] }) {
  const n = series[0]?.values.length ?? 0;
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const ticks = ticksFor(max);
  const top = ticks[ticks.length - 1];
  const x = (i: number) => (n <= 1 ? (PAD.left + W - PAD.right) / 2 : PAD.left + (i * (W - PAD.left - PAD.right)) / (n - 1));
  const y = (v: number) => H - PAD.bottom - (Math.max(0, v) / top) * (H - PAD.top - PAD.bottom);
  const labelEvery = Math.max(1, Math.ceil(n / 12));
  return (
    <>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className="stroke-slate-200 dark:stroke-slate-800" strokeWidth={1} />
          <text x={PAD.left - 4} y={y(t) + 3} textAnchor="end" className="fill-slate-600 text-[10px] dark:fill-slate-400">
            {tickLabel(t)}
          </text>
        </g>
      ))}
      {Array.from({ length: n }, (_, i) =>
        i % labelEvery === 0 || i === n - 1 ? (
          <text key={i} x={x(i)} y={H - PAD.bottom + 14} textAnchor="middle" className="fill-slate-600 text-[10px] dark:fill-slate-400">
            t{i + 1}
          </text>
        ) : null,
      )}
      {series.map((s, k) => {
        const { stroke, fill, dash } = toneOf(k);
        const points = s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ');
        return (
          <g key={s.name} data-testid={`chart-line-${s.name}`} data-values={s.values.join(',')}>
            <polyline points={points} fill="none" strokeWidth={k === 0 ? 2.5 : 1.5} strokeDasharray={dash} className={stroke} />
            {s.values.map((v, i) => (
              <circle key={i} cx={x(i)} cy={y(v)} r={2} className={fill}>
                <title>{`${s.name}, turn ${i + 1}: ${formatCount(v)}`}</title>
              </circle>
            ))}
          </g>
        );
      })}
    </>
  );
}

function Legend({ series }: { series: readonly Series[] }) {
  return (
    <ul data-testid="chart-legend" className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs">
      {series.map((s, k) => {
        const { stroke, dash } = toneOf(k);
        return (
          <li key={s.name} data-testid={`chart-legend-${s.name}`} className="flex items-center gap-1">
            <svg width="22" height="8" aria-hidden="true">
              <line x1="1" x2="21" y1="4" y2="4" strokeWidth={k === 0 ? 2.5 : 1.5} strokeDasharray={dash} className={stroke} />
            </svg>
            <span className="font-mono">{s.name}</span>
          </li>
        );
      })}
    </ul>
  );
}

function Toggle({ pressed, onClick, children, testId }: { pressed: boolean; onClick: () => void; children: string; testId: string }) {
  return (
    <button
      type="button"
      data-testid={testId}
      aria-pressed={pressed}
      onClick={onClick}
      className={`rounded border px-1.5 py-0.5 text-xs ${pressed ? 'border-sky-500 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100' : 'border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-300 dark:hover:bg-slate-900'}`}
    >
      {children}
    </button>
  );
}

export function RunChart({ view }: { view: CompareView }) {
  const mode = useCompare((s) => s.chartMode);
  const withSystem = useCompare((s) => s.withSystem);
  const setMode = useCompare((s) => s.setChartMode);
  const setWithSystem = useCompare((s) => s.setWithSystem);
  const series = seriesOf(view, mode, withSystem);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="What the chart shows">
        <Toggle testId="chart-cumulative" pressed={mode === 'cumulative'} onClick={() => setMode('cumulative')}>
          cumulative
        </Toggle>
        <Toggle testId="chart-per-turn" pressed={mode === 'perTurn'} onClick={() => setMode('perTurn')}>
          per turn
        </Toggle>
        <Checkbox testId="chart-with-system" checked={withSystem} onChange={setWithSystem}>
          with SYSTEM
        </Checkbox>
      </div>
      <svg data-testid="run-chart" role="img" aria-label={chartLabel(series, mode, withSystem)} viewBox={`0 0 ${W} ${H}`} className="h-auto w-full max-w-3xl">
        <Lines series={series} />
      </svg>
      <Legend series={series} />
    </div>
  );
}
