import { useId, type Ref } from 'react';
import { Label, Select as RadixSelect } from 'radix-ui';
import * as fieldStyles from './Field.css';
import * as s from './Select.css';
import { Icon } from './Icon';
import { cx } from './cx';

export type SelectProps = {
  /** Visible label, associated with the trigger. */
  label: string;
  /** '' shows the placeholder. */
  value: string;
  onValueChange: (value: string) => void;
  /** Option values must not be '' (Radix reserves it for "no value"). */
  options: { value: string; label: string; disabled?: boolean }[];
  placeholder?: string;
  id?: string;
  name?: string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
};

/** A custom-drawn select (Radix Select) with a visible label and optional error. */
export function Select({
  label,
  value,
  onValueChange,
  options,
  placeholder,
  id,
  name,
  error,
  disabled,
  required,
  className,
  ref,
}: SelectProps) {
  const generated = useId();
  const triggerId = id ?? `select-${generated}`;
  const errorId = error ? `${triggerId}-error` : undefined;
  return (
    <div className={cx(fieldStyles.field, className)}>
      <Label.Root htmlFor={triggerId} className={fieldStyles.label}>
        {label}
      </Label.Root>
      <RadixSelect.Root value={value} onValueChange={onValueChange} name={name} disabled={disabled} required={required}>
        <RadixSelect.Trigger
          ref={ref}
          id={triggerId}
          className={s.trigger}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        >
          <span className={s.value}>
            <RadixSelect.Value placeholder={placeholder} />
          </span>
          <RadixSelect.Icon className={s.icon}>
            <Icon name="chevron-down" size={18} />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className={s.content} position="popper" sideOffset={6} collisionPadding={8}>
            <RadixSelect.Viewport className={s.viewport}>
              {options.map((option) => (
                <RadixSelect.Item key={option.value} value={option.value} disabled={option.disabled} className={s.item}>
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                  <RadixSelect.ItemIndicator className={s.itemIndicator}>
                    <Icon name="check" size={16} />
                  </RadixSelect.ItemIndicator>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      {error ? (
        <p id={errorId} className={fieldStyles.error}>
          <Icon name="alert" size={16} />
          {error}
        </p>
      ) : null}
    </div>
  );
}
