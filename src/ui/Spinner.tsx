import * as s from './Spinner.css';
import { visuallyHidden } from './VisuallyHidden.css';
import { cx } from './cx';

export type SpinnerProps = {
  /** Read by screen readers (default "Loading"). */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

/** An inline busy indicator announced as a status. */
export function Spinner({ label = 'Loading', size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" className={cx(s.wrapper, className)}>
      <span className={s.ring[size]} aria-hidden="true" />
      <span className={visuallyHidden}>{label}</span>
    </span>
  );
}

export type LoadingOverlayProps = {
  visible: boolean;
  /** Shown under the spinner and announced (default "Loading"). */
  label?: string;
};

/** A full-screen translucent overlay that blocks the page while a global loading flag is set. */
export function LoadingOverlay({ visible, label = 'Loading' }: LoadingOverlayProps) {
  if (!visible) return null;
  return (
    <div className={s.overlay} role="status" aria-live="polite" aria-busy="true">
      <div className={s.overlayCard}>
        <span className={s.ring.lg} aria-hidden="true" />
        <span className={s.overlayLabel}>{label}</span>
      </div>
    </div>
  );
}
