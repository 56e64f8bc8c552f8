import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { Checkbox as RadixCheckbox, Label } from 'radix-ui';
import * as s from './Checkbox.css';
import { cx } from './cx';

export type CheckboxProps = Omit<
  ComponentPropsWithRef<typeof RadixCheckbox.Root>,
  'checked' | 'onCheckedChange' | 'children'
> & {
  /** Visible label; may contain links (e.g. Terms of service). */
  label: ReactNode;
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

/** A checkbox (Radix Checkbox) with a visible, clickable label. */
export function Checkbox({ label, checked, onCheckedChange, id, className, ...rest }: CheckboxProps) {
  const generated = useId();
  const checkboxId = id ?? `checkbox-${generated}`;
  return (
    <div className={cx(s.row, className)}>
      <RadixCheckbox.Root
        id={checkboxId}
        className={s.box}
        checked={checked}
        onCheckedChange={onCheckedChange ? (state) => onCheckedChange(state === true) : undefined}
        {...rest}
      >
        <RadixCheckbox.Indicator className={s.indicator}>
          <svg viewBox="0 0 16 16" width="14" height="14" fill="none" aria-hidden="true" focusable="false">
            <path
              d="M3.5 8.5l3 3 6-7"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <Label.Root htmlFor={checkboxId} className={s.label}>
        {label}
      </Label.Root>
    </div>
  );
}
