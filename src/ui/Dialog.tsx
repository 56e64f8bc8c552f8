import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { dialogWidths, type DialogWidth } from '@/src/theme/tokens';
import * as s from './Dialog.css';
import { useReturnFocus } from './returnFocus';
import { useUiWords } from './words';
import { Icon } from './Icon';
import { cx } from './cx';

type ContentProps = ComponentPropsWithoutRef<typeof RadixDialog.Content>;

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Always rendered as the dialog's accessible name. */
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Action row under the body, usually Buttons. */
  footer?: ReactNode;
  /** The panel's maximum width, from the theme's dialog widths (default wide). */
  width?: DialogWidth;
  /** Hide the close icon button (Escape still closes). */
  hideClose?: boolean;
  className?: string;
  /** Passed to Radix: prevent or redirect the initial focus. */
  onOpenAutoFocus?: ContentProps['onOpenAutoFocus'];
  /** Passed to Radix on close; call preventDefault() to stop focus returning to the element that opened it. */
  onCloseAutoFocus?: ContentProps['onCloseAutoFocus'];
  /** Passed to Radix: e.g. preventDefault() to keep the dialog open on outside clicks. */
  onInteractOutside?: ContentProps['onInteractOutside'];
  onEscapeKeyDown?: ContentProps['onEscapeKeyDown'];
};

/** A controlled modal dialog (Radix Dialog): overlay, centred panel, title, optional description and footer. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  width = 'wide',
  hideClose = false,
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onInteractOutside,
  onEscapeKeyDown,
}: DialogProps) {
  const hasDescription = description !== undefined && description !== null && description !== '';
  const focus = useReturnFocus();
  const words = useUiWords();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={s.overlay} />
        <RadixDialog.Content
          className={cx(s.content, className)}
          style={{ maxWidth: `${dialogWidths[width]}px` }}
          onOpenAutoFocus={(event) => {
            focus.remember();
            onOpenAutoFocus?.(event);
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (!event.defaultPrevented) focus.restore(event);
          }}
          onInteractOutside={onInteractOutside}
          onEscapeKeyDown={onEscapeKeyDown}
          {...(hasDescription ? {} : { 'aria-describedby': undefined })}
        >
          <div className={s.header} data-has-close={hideClose ? undefined : 'true'}>
            <div className={s.headings}>
              <RadixDialog.Title className={s.title}>{title}</RadixDialog.Title>
              {hasDescription ? (
                <RadixDialog.Description className={s.description}>{description}</RadixDialog.Description>
              ) : null}
            </div>
          </div>
          {children !== undefined && children !== null ? <div className={s.body}>{children}</div> : null}
          {footer ? <div className={s.footer}>{footer}</div> : null}
          {/* Last in DOM order so initial focus lands on the first field or action, not on Close. */}
          {hideClose ? null : (
            <RadixDialog.Close className={s.close} aria-label={words.close}>
              <Icon name="close" size={20} />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
