import type { ComponentPropsWithRef } from 'react';
import * as s from './Chip.css';
import { cx } from './cx';

export type ChipTone = 'success' | 'warning' | 'neutral' | 'info' | 'danger';

export type ChipProps = ComponentPropsWithRef<'span'> & { tone?: ChipTone };

/** A small status label, e.g. payout status (Paid = success, anything else = warning). */
export function Chip({ tone = 'neutral', className, ...rest }: ChipProps) {
  return <span className={cx(s.chip[tone], className)} {...rest} />;
}
