import type { ChartSeries } from '@/src/sampleData';
import { Card } from '@/src/ui/Card';
import { visuallyHidden } from '@/src/ui/VisuallyHidden';
import * as shared from '@/src/views/dashboard/shared.css';
import * as s from './Chart.css';

// Hand-drawn SVG charts (no charting dependency): a line or bars on a 0-based scale with four grid lines.
// A narrow drawing keeps its 12-unit labels readable when a card is only ~250 px wide.
const W = 320;
const H = 200;
const PAD = { top: 10, right: 8, bottom: 26, left: 44 };

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function format(value: number, currency?: boolean): string {
  return `${currency ? '$' : ''}${integer.format(value)}`;
}

/** Round grid steps (1, 2, 2.5 or 5 times a power of ten, whole numbers) from 0 to at least the largest value. */
function niceTicks(max: number): number[] {
  const raw = Math.max(max, 1) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power);
  const count = Math.ceil(max / step);
  return Array.from({ length: count + 1 }, (_, i) => i * step);
}

/** A chart card: title, the drawing, a one-line summary as its caption, and the values as a hidden table. */
export function ChartCard({ series, id }: { series: ChartSeries; id: string }) {
  const { points, currency } = series;
  const ticks = niceTicks(Math.max(...points.map((p) => p.value)));
  const top = ticks[ticks.length - 1]!;
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (innerW * (i + 0.5)) / points.length;
  const y = (v: number) => PAD.top + innerH - (innerH * v) / top;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const counted = (value: number) => (currency ? format(value, true) : `${format(value)} ${series.unit}`);
  const summary = `${series.title}: ${counted(last.value)} in ${last.label}, ${last.value >= first.value ? 'up' : 'down'} from ${format(first.value, currency)} in ${first.label}.`;
  const titleId = `${id}-title`;
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)} ${y(p.value).toFixed(1)}`).join(' ');
  const area = `${line} L${x(points.length - 1).toFixed(1)} ${y(0)} L${x(0).toFixed(1)} ${y(0)} Z`;
  const barWidth = (innerW / points.length) * 0.6;

  return (
    <Card as="section" gradient aria-labelledby={titleId} className={s.card}>
      <h3 id={titleId} className={shared.cardTitle}>
        {series.title}
      </h3>
      <figure className={s.figure}>
        <svg viewBox={`0 0 ${W} ${H}`} className={s.svg} role="img" aria-label={summary}>
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className={s.grid} />
              <text x={PAD.left - 8} y={y(t)} className={s.axisY}>
                {format(t, currency)}
              </text>
            </g>
          ))}
          {series.kind === 'line' ? (
            <>
              <path d={area} className={s.area} />
              <path d={line} className={s.line} />
              {points.map((p, i) => (
                <circle key={p.label} cx={x(i)} cy={y(p.value)} r={3} className={s.dot} />
              ))}
            </>
          ) : (
            points.map((p, i) => (
              <rect
                key={p.label}
                x={x(i) - barWidth / 2}
                y={y(p.value)}
                width={barWidth}
                height={y(0) - y(p.value)}
                rx={3}
                className={s.bar}
              />
            ))
          )}
          {points.map((p, i) => (
            <text key={p.label} x={x(i)} y={H - 8} className={i % 2 ? s.axisXOdd : s.axisX}>
              {p.label}
            </text>
          ))}
        </svg>
        <figcaption className={s.caption}>{summary}</figcaption>
      </figure>
      <table className={visuallyHidden}>
        <caption>{`${series.title} by month (${series.unit})`}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">{series.title}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.label}>
              <th scope="row">{p.label}</th>
              <td>{format(p.value, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
