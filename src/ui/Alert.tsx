import type { HTMLAttributes, ReactNode } from 'react';
import * as s from './Alert.css';
import { Icon, type IconName } from './Icon';
import { cx } from './cx';
import { useUiWords } from './words';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

export type AlertProps = Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'title'> & {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a Dismiss button. */
  onDismiss?: () => void;
};

const icons: Record<AlertTone, IconName> = {
  error: 'x-circle',
  success: 'check-circle',
  info: 'info',
  warning: 'alert',
};

/** An inline message: role="alert" for error and warning, role="status" for success and info. */
export function Alert({ tone = 'error', title, children, onDismiss, className, ...rest }: AlertProps) {
  const role = tone === 'error' || tone === 'warning' ? 'alert' : 'status';
  const words = useUiWords();
  return (
    <div role={role} className={cx(s.alert[tone], className)} {...rest}>
      <Icon name={icons[tone]} size={20} className={s.icon} />
      <div className={s.body}>
        {title ? <strong className={s.title}>{title}</strong> : null}
        {children ? <div>{children}</div> : null}
      </div>
      {onDismiss ? (
        <button type="button" className={s.dismiss} onClick={onDismiss} aria-label={words.dismiss}>
          <Icon name="close" size={16} />
        </button>
      ) : null}
    </div>
  );
}
