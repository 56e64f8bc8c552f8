import { useId, type ComponentPropsWithRef } from 'react';
import { Label, Switch as RadixSwitch } from 'radix-ui';
import * as s from './Switch.css';
import { cx } from './cx';

export type SwitchProps = Omit<ComponentPropsWithRef<typeof RadixSwitch.Root>, 'children'> & {
  /** Visible label; clicking it toggles the switch. */
  label: string;
  description?: string;
};

/** An on/off switch (Radix Switch) with its label on the left. */
export function Switch({ label, description, id, className, ...rest }: SwitchProps) {
  const generated = useId();
  const switchId = id ?? `switch-${generated}`;
  const descriptionId = description ? `${switchId}-description` : undefined;
  return (
    <div className={cx(s.row, className)}>
      <div className={s.text}>
        <Label.Root htmlFor={switchId} className={s.label}>
          {label}
        </Label.Root>
        {description ? (
          <p id={descriptionId} className={s.description}>
            {description}
          </p>
        ) : null}
      </div>
      <RadixSwitch.Root id={switchId} aria-describedby={descriptionId} className={s.root} {...rest}>
        <RadixSwitch.Thumb className={s.thumb} />
      </RadixSwitch.Root>
    </div>
  );
}
