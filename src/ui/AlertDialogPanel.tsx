import type { MouseEvent, ReactNode } from 'react';
import { AlertDialog as RadixAlertDialog } from 'radix-ui';
import { dialogWidths, type DialogWidth } from '@/src/theme/tokens';
import * as s from './Dialog.css';
import { useReturnFocus } from './returnFocus';
import { Button } from './Button';
import { Icon, type IconName } from './Icon';

export type AlertDialogProps = {
  open: boolean;
  /** Called with false on Escape. The buttons call only onCancel / onAction: closing is up to the caller. */
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  cancelLabel: string;
  actionLabel: string;
  onCancel: () => void;
  onAction: () => void;
  tone?: 'danger' | 'primary';
  /** The panel's maximum width, from the theme's dialog widths (default confirm). */
  width?: DialogWidth;
  /** Icon shown above the title (defaults by tone); pass null to hide it. */
  icon?: IconName | null;
  /** Content between the description and the buttons (e.g. a password to confirm with). */
  children?: ReactNode;
  /** The action is under way: both buttons are disabled. */
  busy?: boolean;
};

/**
 * A confirmation dialog (Radix AlertDialog). Focus starts on Cancel; Escape calls onOpenChange(false).
 * The buttons do not close it themselves, so a machine receives exactly one event per click.
 * Screens import it through ./AlertDialog, which loads this module when a dialog first opens.
 */
export function AlertDialogPanel({
  open,
  onOpenChange,
  title,
  description,
  cancelLabel,
  actionLabel,
  onCancel,
  onAction,
  tone = 'danger',
  width = 'confirm',
  icon,
  children,
  busy = false,
}: AlertDialogProps) {
  const focus = useReturnFocus();
  const iconName: IconName | null = icon === undefined ? (tone === 'danger' ? 'alert' : 'info') : icon;
  const only = (fn: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    // Stop Radix from also calling onOpenChange(false): the caller decides what closes the dialog.
    event.preventDefault();
    fn();
  };
  return (
    <RadixAlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay className={s.overlay} />
        <RadixAlertDialog.Content
          className={s.alertContent}
          style={{ maxWidth: `${dialogWidths[width]}px` }}
          onOpenAutoFocus={focus.remember}
          onCloseAutoFocus={focus.restore}
        >
          <div className={s.alertBody}>
            {iconName ? (
              <span className={s.alertIcon} data-tone={tone}>
                <Icon name={iconName} size={28} />
              </span>
            ) : null}
            <RadixAlertDialog.Title className={s.title}>{title}</RadixAlertDialog.Title>
            <RadixAlertDialog.Description className={s.description}>{description}</RadixAlertDialog.Description>
          </div>
          {children ? <div className={s.alertExtra}>{children}</div> : null}
          <div className={s.alertActions}>
            <RadixAlertDialog.Cancel asChild>
              <Button variant="secondary" onClick={only(onCancel)} disabled={busy}>
                {cancelLabel}
              </Button>
            </RadixAlertDialog.Cancel>
            <RadixAlertDialog.Action asChild>
              <Button
                variant={tone === 'danger' ? 'danger' : 'primary'}
                onClick={only(onAction)}
                disabled={busy}
                aria-busy={busy || undefined}
              >
                {actionLabel}
              </Button>
            </RadixAlertDialog.Action>
          </div>
        </RadixAlertDialog.Content>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}
