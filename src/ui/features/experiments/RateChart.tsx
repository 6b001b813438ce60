// Success rate per variant (SVG, no chart library): a dot at the rate and a line across its 95% Wilson
// interval, on a 0–100% axis, so a wide interval (few runs) is seen at a glance. The figures are in
// the table; the chart's label says them in words.
import { toneOf } from '../../lib/chart-tones.ts';
import { rateText, type VariantSummary } from './figures.ts';

const W = 640;
const ROW = 26;
const PAD = { left: 170, right: 16, top: 8, bottom: 26 };
const TICKS = [0, 0.25, 0.5, 0.75, 1];

/** The chart in words: each variant's rate and interval, or that none of its runs finished. */
export function rateChartLabel(summaries: readonly VariantSummary[]): string {
  const parts = summaries.map((s) => `${s.name} ${s.successRate === null ? 'no finished run' : rateText(s)}`);
  return `Success rate with 95% interval per variant: ${parts.join('; ')}.`;
}

export function RateChart({ summaries }: { summaries: readonly VariantSummary[] }) {
  const h = PAD.top + PAD.bottom + ROW * Math.max(1, summaries.length);
  const x = (rate: number) => PAD.left + rate * (W - PAD.left - PAD.right);
  const base = h - PAD.bottom;
  return (
    <svg data-testid="experiment-chart" role="img" aria-label={rateChartLabel(summaries)} viewBox={`0 0 ${W} ${h}`} className="h-auto w-full max-w-3xl">
      {TICKS.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={PAD.top} y2={base} className="stroke-slate-200 dark:stroke-slate-800" strokeWidth={1} />
          <text x={x(t)} y={base + 16} textAnchor="middle" className="fill-slate-600 text-[11px] dark:fill-slate-400">
            {`${t * 100}%`}
          </text>
        </g>
      ))}
      {summaries.map((s, i) => {
        const y = PAD.top + ROW * i + ROW / 2;
        const { stroke, fill } = toneOf(i);
        return (
          <g key={s.name} data-testid={`experiment-chart-row-${s.name}`}>
            <text x={PAD.left - 8} y={y + 4} textAnchor="end" className="fill-slate-800 font-mono text-[11px] dark:fill-slate-200">
              {s.name.length > 24 ? `${s.name.slice(0, 23)}…` : s.name}
            </text>
            {s.interval !== null && s.successRate !== null ? (
              <>
                <line x1={x(s.interval[0])} x2={x(s.interval[1])} y1={y} y2={y} strokeWidth={3} strokeLinecap="round" className={stroke} />
                <circle cx={x(s.successRate)} cy={y} r={5} className={`${fill} stroke-white dark:stroke-slate-950`} strokeWidth={1.5}>
                  <title>{`${s.name}: ${rateText(s)}`}</title>
                </circle>
              </>
            ) : (
              <text x={x(0) + 4} y={y + 4} className="fill-slate-600 text-[11px] dark:fill-slate-400">
                no finished run
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
