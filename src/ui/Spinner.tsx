import * as s from './Spinner.css';
import { visuallyHidden } from './VisuallyHidden.css';
import { cx } from './cx';
import { useUiWords } from './words';

export type SpinnerProps = {
  /** Read by screen readers (default "Loading", in the part's language: ./words.ts). */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

/** An inline busy indicator announced as a status. */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const words = useUiWords();
  return (
    <span role="status" className={cx(s.wrapper, className)}>
      <span className={s.ring[size]} aria-hidden="true" />
      <span className={visuallyHidden}>{label ?? words.loading}</span>
    </span>
  );
}

export type LoadingOverlayProps = {
  visible: boolean;
  /** Shown under the spinner and announced (default "Loading", in the part's language). */
  label?: string;
};

/** A full-screen translucent overlay that blocks the page while a global loading flag is set. */
export function LoadingOverlay({ visible, label }: LoadingOverlayProps) {
  const words = useUiWords();
  if (!visible) return null;
  return (
    <div className={s.overlay} role="status" aria-live="polite" aria-busy="true">
      <div className={s.overlayCard}>
        <span className={s.ring.lg} aria-hidden="true" />
        <span className={s.overlayLabel}>{label ?? words.loading}</span>
      </div>
    </div>
  );
}
