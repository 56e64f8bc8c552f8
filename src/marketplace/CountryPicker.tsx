import { countries } from '@/contract/countries';
import { NativeSelectField } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import * as s from './advertiser.css';

/** The campaign's countries (names of the registration list): a select adds one, each chip removes its own. */
export function CountryPicker({
  chosen,
  disabled,
  onAdd,
  onRemove,
}: {
  chosen: readonly string[];
  disabled: boolean;
  onAdd: (country: string) => void;
  onRemove: (country: string) => void;
}) {
  const remaining = countries.filter((country) => !chosen.includes(country));
  return (
    <div className={s.formStack}>
      <NativeSelectField
        label="Countries"
        name="countries"
        placeholder="Add a country"
        value=""
        options={remaining.map((country) => ({ value: country, label: country }))}
        hint={chosen.length === 0 ? 'Every country while none is chosen.' : undefined}
        disabled={disabled}
        onChange={(event) => {
          if (event.target.value) onAdd(event.target.value);
        }}
      />
      {chosen.length > 0 ? (
        <ul className={s.chips} aria-label="Chosen countries">
          {chosen.map((country) => (
            <li key={country} className={s.removable}>
              {country}
              <button
                type="button"
                className={s.removeButton}
                aria-label={`Remove ${country}`}
                disabled={disabled}
                onClick={() => onRemove(country)}
              >
                <Icon name="close" size={16} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
