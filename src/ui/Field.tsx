import {
  useId,
  type ChangeEventHandler,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import * as s from './Field.css';
import { Icon } from './Icon';
import { cx } from './cx';

type SharedInputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'name' | 'children'>;

export type FieldProps = SharedInputAttributes & {
  /** Visible label, tied to the control with htmlFor. */
  label: string;
  name: string;
  /** Shown below in the danger colour; marks the control aria-invalid and describes it. */
  error?: string;
  hint?: string;
  /** Leading adornment inside the box, e.g. "$". */
  adornment?: ReactNode;
  /** Render a textarea instead of an input. */
  multiline?: boolean;
  rows?: number;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  ref?: Ref<HTMLInputElement | HTMLTextAreaElement>;
  /** Class for the outer wrapper. */
  className?: string;
};

/** Ids and ARIA wiring shared by Field and NativeSelectField. */
function useFieldIds(
  id: string | undefined,
  error: string | undefined,
  hint: string | undefined,
  describedBy?: string,
) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const ids = [describedBy, hintId, errorId].filter(Boolean).join(' ');
  return { controlId, hintId, errorId, describedBy: ids || undefined };
}

function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: string;
  hintId?: string;
  error?: string;
  errorId?: string;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className={s.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={s.error}>
          <Icon name="alert" size={16} />
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled text input (or textarea) with hint, error and optional leading adornment. */
export function Field({
  label,
  name,
  error,
  hint,
  adornment,
  multiline = false,
  rows = 4,
  id,
  className,
  ref,
  disabled,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: FieldProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, error, hint, ariaDescribedBy);
  const common = {
    id: controlId,
    name,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;

  return (
    <div className={cx(s.field, className)}>
      <label htmlFor={controlId} className={s.label}>
        {label}
      </label>
      <div
        className={s.control}
        data-invalid={error ? 'true' : undefined}
        data-disabled={disabled ? 'true' : undefined}
      >
        {adornment ? <span className={s.adornment}>{adornment}</span> : null}
        {multiline ? (
          <textarea
            {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)}
            {...common}
            ref={ref as Ref<HTMLTextAreaElement> | undefined}
            rows={rows}
            className={s.textarea}
          />
        ) : (
          <input {...rest} {...common} ref={ref as Ref<HTMLInputElement> | undefined} className={s.input} />
        )}
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export type SelectOption = { value: string; label: string };

export type NativeSelectFieldProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'name' | 'children' | 'value' | 'onChange'
> & {
  label: string;
  name: string;
  value?: string;
  onChange?: ChangeEventHandler<HTMLSelectElement>;
  options: SelectOption[];
  /** Rendered as a first, disabled option with an empty value. */
  placeholder?: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLSelectElement>;
  className?: string;
};

/** A labelled native <select>, drawn like the kit's inputs with its own chevron. */
export function NativeSelectField({
  label,
  name,
  options,
  placeholder,
  error,
  hint,
  id,
  className,
  disabled,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: NativeSelectFieldProps) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, error, hint, ariaDescribedBy);
  const uncontrolled = rest.value === undefined && rest.defaultValue === undefined;
  return (
    <div className={cx(s.field, className)}>
      <label htmlFor={controlId} className={s.label}>
        {label}
      </label>
      <div
        className={s.control}
        data-invalid={error ? 'true' : undefined}
        data-disabled={disabled ? 'true' : undefined}
      >
        <select
          {...(uncontrolled && placeholder !== undefined ? { defaultValue: '' } : {})}
          {...rest}
          data-empty={rest.value === '' ? 'true' : undefined}
          id={controlId}
          name={name}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={s.select}
        >
          {placeholder !== undefined ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <Icon name="chevron-down" size={18} className={s.chevron} />
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
