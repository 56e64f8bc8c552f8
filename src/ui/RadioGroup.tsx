import { useId, type ReactNode } from 'react';
import { RadioGroup as RadixRadioGroup } from 'radix-ui';
import * as s from './RadioGroup.css';
import { cx } from './cx';

export type RadioOption = { value: string; label: string; description?: string; icon?: ReactNode };

export type RadioGroupProps = {
  /** Visible group label; the group is aria-labelledby it. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: RadioOption[];
  /** 'cards' draws large selectable cards (account type, payout method). */
  variant?: 'list' | 'cards';
  name?: string;
  id?: string;
  disabled?: boolean;
  required?: boolean;
  /** Hide the group label visually (it stays the accessible name). */
  hideLabel?: boolean;
  orientation?: 'horizontal' | 'vertical';
  className?: string;
};

/** A single-choice group (Radix RadioGroup); arrow keys move between options. */
export function RadioGroup({
  label,
  value,
  onValueChange,
  options,
  variant = 'list',
  name,
  id,
  disabled,
  required,
  hideLabel = false,
  orientation,
  className,
}: RadioGroupProps) {
  const generated = useId();
  const baseId = id ?? `radio-${generated}`;
  const labelId = `${baseId}-label`;
  const isCards = variant === 'cards';
  return (
    <div className={cx(s.group, className)}>
      <div id={labelId} className={hideLabel ? undefined : s.groupLabel} hidden={hideLabel || undefined}>
        {label}
      </div>
      <RadixRadioGroup.Root
        id={baseId}
        aria-labelledby={labelId}
        value={value}
        onValueChange={onValueChange}
        name={name}
        disabled={disabled}
        required={required}
        orientation={orientation}
        className={isCards ? s.cards : s.list}
      >
        {options.map((option, index) => {
          const itemId = `${baseId}-option-${index}`;
          const textId = `${itemId}-label`;
          const descriptionId = option.description ? `${itemId}-description` : undefined;
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              htmlFor={itemId}
              className={isCards ? s.card : s.listOption}
              data-checked={checked ? 'true' : 'false'}
              data-disabled={disabled ? 'true' : undefined}
            >
              {isCards && option.icon ? (
                <span className={s.cardIcon} aria-hidden="true">
                  {option.icon}
                </span>
              ) : null}
              <RadixRadioGroup.Item
                id={itemId}
                value={option.value}
                aria-labelledby={textId}
                aria-describedby={descriptionId}
                className={s.item}
              >
                <RadixRadioGroup.Indicator className={s.indicator} />
              </RadixRadioGroup.Item>
              <span className={s.optionText}>
                <span id={textId} className={s.optionLabel}>
                  {option.label}
                </span>
                {option.description ? (
                  <span id={descriptionId} className={s.optionDescription}>
                    {option.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </RadixRadioGroup.Root>
    </div>
  );
}
