import { useId } from 'react';
import { Progress as RadixProgress } from 'radix-ui';
import * as s from './Progress.css';
import { cx } from './cx';

export type ProgressProps = {
  /** 0–100. */
  value: number;
  /** Accessible name, also shown above the bar next to the percentage. */
  label: string;
  /** Hide the label text visually (it stays the accessible name). */
  hideLabel?: boolean;
  className?: string;
};

/** A determinate progress bar (Radix Progress) showing its percentage. */
export function Progress({ value, label, hideLabel = false, className }: ProgressProps) {
  const labelId = `progress-${useId()}`;
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div className={cx(s.wrapper, className)}>
      <div className={s.header}>
        <span id={labelId} className={s.label} hidden={hideLabel || undefined}>
          {label}
        </span>
        <span className={s.percent} aria-hidden="true">
          {clamped}%
        </span>
      </div>
      <RadixProgress.Root className={s.root} value={clamped} max={100} aria-labelledby={labelId}>
        <RadixProgress.Indicator className={s.indicator} style={{ transform: `translateX(-${100 - clamped}%)` }} />
      </RadixProgress.Root>
    </div>
  );
}
