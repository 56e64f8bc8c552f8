import type { ComponentPropsWithRef } from 'react';
import { VisuallyHidden as RadixVisuallyHidden } from 'radix-ui';

export { visuallyHidden } from './VisuallyHidden.css';

export type VisuallyHiddenProps = ComponentPropsWithRef<typeof RadixVisuallyHidden.Root>;

/** Content for screen readers only (Radix VisuallyHidden). */
export function VisuallyHidden(props: VisuallyHiddenProps) {
  return <RadixVisuallyHidden.Root {...props} />;
}
