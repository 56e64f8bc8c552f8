import type { ComponentPropsWithRef } from 'react';
import { Slot } from 'radix-ui';
import { button } from './Button.css';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'dashboard' | 'light';
export type ButtonSize = 'sm' | 'md' | 'lg';

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Render the single child (e.g. a router Link) with the button's styles, via Radix Slot. */
  asChild?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  asChild = false,
  className,
  type,
  ...rest
}: ButtonProps) {
  const classes = cx(button({ variant, size, fullWidth }), className);
  if (asChild) return <Slot.Root className={classes} {...rest} />;
  return <button type={type ?? 'button'} className={classes} {...rest} />;
}
