import { useId, type ReactNode } from 'react';
import { RadioGroup as RadixRadioGroup } from 'radix-ui';
import * as s from './RadioGroup.css';
import { cx } from './cx';

export type RadioOption = {
  value: string;
  label: string;
  description?: string;
  icon?: ReactNode;
  /** The label's language when it is not the page's (a language named in itself). */
  lang?: string;
};

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
  /**
   * Draw the options as the browser's own radio inputs (in a role="radiogroup"), not Radix buttons. A choice made on a
   * prerendered page before it hydrates is then kept by the browser and can be read at hydration (pass `name`).
   */
  native?: boolean;
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
  native = false,
}: RadioGroupProps) {
  const generated = useId();
  const baseId = id ?? `radio-${generated}`;
  const labelId = `${baseId}-label`;
  const isCards = variant === 'cards';
  if (native) {
    return (
      <div className={cx(s.group, className)}>
        <div id={labelId} className={hideLabel ? undefined : s.groupLabel} hidden={hideLabel || undefined}>
          {label}
        </div>
        <div
          role="radiogroup"
          id={baseId}
          aria-labelledby={labelId}
          aria-orientation={orientation}
          aria-required={required || undefined}
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
                // No data-checked: the card follows the input's own state (:has(:checked)), as the browser keeps it.
                data-disabled={disabled ? 'true' : undefined}
              >
                {isCards && option.icon ? (
                  <span className={s.cardIcon} aria-hidden="true">
                    {option.icon}
                  </span>
                ) : null}
                <input
                  type="radio"
                  id={itemId}
                  name={name ?? baseId}
                  value={option.value}
                  checked={checked}
                  onChange={(event) => {
                    if (event.target.checked) onValueChange(option.value);
                  }}
                  disabled={disabled}
                  required={required}
                  aria-labelledby={textId}
                  aria-describedby={descriptionId}
                  className={s.nativeItem}
                />
                <span className={s.optionText}>
                  <span id={textId} className={s.optionLabel} lang={option.lang}>
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
        </div>
      </div>
    );
  }
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
                <span id={textId} className={s.optionLabel} lang={option.lang}>
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
