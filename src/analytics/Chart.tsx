import { visuallyHidden } from '@/src/ui/VisuallyHidden';
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { chartMessages } from './chartCatalogue';
import * as s from './Chart.css';

// Hand-drawn SVG charts (no charting dependency): a line or bars on a 0-based scale with four grid lines. A point
// without a value (nothing known then) is left out: a gap in the line, no bar. A narrow drawing keeps its labels
// readable when a card is only ~250 px wide; with more than twelve points only every few are labelled.
const W = 320;
const H = 200;
const PAD = { top: 10, right: 8, bottom: 26, left: 48 };

/** One chart's series: labelled points in display order. */
export interface ChartSeries {
  title: string;
  kind: 'line' | 'bar';
  /** What a point stands for in the table alternative's caption. */
  period: 'day' | 'week' | 'month';
  points: { label: string; value: number | null }[];
  /** A value as text ("1,204", "$75.50"). */
  format: (value: number) => string;
  /** The axis's short form of a value ("1.2K", "$75"). */
  short?: (value: number) => string;
  /** Grid steps of at least 1 (whole dollars: a small sum reads $0 $1 $2, not $0 $0.3). */
  wholeSteps?: boolean;
}

/** Round grid steps (1, 2, 2.5 or 5 times a power of ten; at least `least`) from 0 to at least the largest value. */
function niceTicks(max: number, least = 0): number[] {
  const raw = Math.max(max, 1) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(least, ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power);
  const count = Math.max(1, Math.ceil(max / step));
  return Array.from({ length: count + 1 }, (_, i) => i * step);
}

type Say = ReturnType<typeof useMessages<[typeof chartMessages]>>['t'];

/**
 * How the last value compares with the first: up or down from it, or unchanged. "Unchanged" only when every value is
 * the same: a range that ends where it began after varying says so, with its lowest and highest (issue 48 item 18).
 */
function trend(t: Say, known: { label: string; value: number }[], format: (value: number) => string) {
  const first = known[0]!;
  const last = known[known.length - 1]!;
  if (last.value !== first.value)
    return t('chart.trend', {
      direction: last.value > first.value ? 'up' : 'down',
      value: format(first.value),
      label: first.label,
    });
  const values = known.map((point) => point.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  if (low === high) return t('chart.unchanged', { label: first.label });
  return t('chart.back', { label: first.label, low: format(low), high: format(high) });
}

/**
 * The figure and its text alternatives: a described image, a caption, and the values as a hidden table, in the
 * language of the screen around it (an English report's charts are English).
 */
export function Chart({ series, id }: { series: ChartSeries; id: string }) {
  const { t, locale } = useMessages(chartMessages);
  const { points, format } = series;
  const short = series.short ?? formatsIn(locale).compact;
  const known = points
    .map((p, i) => ({ ...p, i }))
    .filter((p): p is { label: string; value: number; i: number } => p.value !== null);
  const ticks = niceTicks(Math.max(0, ...known.map((p) => p.value)), series.wholeSteps ? 1 : 0);
  const top = ticks[ticks.length - 1]!;
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (innerW * (i + 0.5)) / points.length;
  const y = (v: number) => PAD.top + innerH - (innerH * v) / top;
  const first = known[0];
  const last = known[known.length - 1];
  const summary =
    first && last
      ? t('chart.summary', {
          title: series.title,
          value: format(last.value),
          label: last.label,
          trend: trend(t, known, format),
        })
      : t('chart.nothing', { title: series.title });
  // Runs of consecutive known points: one line (and area) each.
  const runs: { label: string; value: number; i: number }[][] = [];
  for (const point of known) {
    const run = runs[runs.length - 1];
    if (run && run[run.length - 1]!.i === point.i - 1) run.push(point);
    else runs.push([point]);
  }
  const lineOf = (run: typeof known) =>
    // eslint-disable-next-line lingui/no-unlocalized-strings -- SVG path commands (move, line), not words
    run.map((p, k) => `${k === 0 ? 'M' : 'L'}${x(p.i).toFixed(1)} ${y(p.value).toFixed(1)}`).join(' ');
  const barWidth = (innerW / points.length) * 0.6;
  const many = points.length > 12;
  const every = Math.ceil(points.length / 6);
  const labelClass = (i: number) => {
    if (!many) return i % 2 ? s.axisXOdd : s.axisX;
    return (points.length - 1 - i) % every === 0 ? s.axisX : null;
  };

  return (
    <>
      <figure className={s.figure}>
        <svg viewBox={`0 0 ${W} ${H}`} className={s.svg} role="img" aria-label={summary}>
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className={s.grid} />
              <text x={PAD.left - 8} y={y(t)} className={s.axisY}>
                {short(t)}
              </text>
            </g>
          ))}
          {series.kind === 'line'
            ? runs.map((run) => (
                <g key={run[0]!.i}>
                  <path
                    d={`${lineOf(run)} L${x(run[run.length - 1]!.i).toFixed(1)} ${y(0)} L${x(run[0]!.i).toFixed(1)} ${y(0)} Z`}
                    className={s.area}
                  />
                  <path d={lineOf(run)} className={s.line} />
                  {run.length <= 31
                    ? run.map((p) => (
                        <circle key={p.i} cx={x(p.i)} cy={y(p.value)} r={run.length > 14 ? 2 : 3} className={s.dot} />
                      ))
                    : null}
                </g>
              ))
            : known.map((p) => (
                <rect
                  key={p.i}
                  x={x(p.i) - barWidth / 2}
                  y={y(p.value)}
                  width={barWidth}
                  height={y(0) - y(p.value)}
                  rx={Math.min(3, barWidth / 3)}
                  className={s.bar}
                />
              ))}
          {points.map((p, i) => {
            const className = labelClass(i);
            return className ? (
              <text key={`${p.label}-${i}`} x={x(i)} y={H - 8} className={className}>
                {p.label}
              </text>
            ) : null;
          })}
        </svg>
        <figcaption className={s.caption}>{summary}</figcaption>
      </figure>
      <table className={visuallyHidden} id={`${id}-table`}>
        <caption>{t('chart.by', { title: series.title, period: series.period })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.period', { period: series.period })}</th>
            <th scope="col">{series.title}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p, i) => (
            <tr key={`${p.label}-${i}`}>
              <th scope="row">{p.label}</th>
              <td>{p.value === null ? t('chart.noData') : format(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
