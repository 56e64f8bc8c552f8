import type { ComponentPropsWithRef } from 'react';
import { DropdownMenu } from 'radix-ui';
import * as s from './DropdownMenu.css';
import { cx } from './cx';

export const DropdownMenuRoot = DropdownMenu.Root;
/** Usually `asChild` around a Button or an avatar button with an accessible name. */
export const DropdownMenuTrigger = DropdownMenu.Trigger;

export type DropdownMenuContentProps = ComponentPropsWithRef<typeof DropdownMenu.Content>;

/** The menu panel, portalled, aligned to the trigger's end by default. */
export function DropdownMenuContent({
  className,
  align = 'end',
  sideOffset = 8,
  collisionPadding = 8,
  ...rest
}: DropdownMenuContentProps) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        className={cx(s.content, className)}
        align={align}
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        {...rest}
      />
    </DropdownMenu.Portal>
  );
}

export type DropdownMenuItemProps = ComponentPropsWithRef<typeof DropdownMenu.Item> & {
  tone?: 'default' | 'danger';
};

/** A menu item; use `asChild` with a router Link for navigation items. */
export function DropdownMenuItem({ className, tone = 'default', ...rest }: DropdownMenuItemProps) {
  return <DropdownMenu.Item className={cx(s.item, className)} data-tone={tone} {...rest} />;
}

export type DropdownMenuLabelProps = ComponentPropsWithRef<typeof DropdownMenu.Label>;

export function DropdownMenuLabel({ className, ...rest }: DropdownMenuLabelProps) {
  return <DropdownMenu.Label className={cx(s.label, className)} {...rest} />;
}

export type DropdownMenuSeparatorProps = ComponentPropsWithRef<typeof DropdownMenu.Separator>;

export function DropdownMenuSeparator({ className, ...rest }: DropdownMenuSeparatorProps) {
  return <DropdownMenu.Separator className={cx(s.separator, className)} {...rest} />;
}
