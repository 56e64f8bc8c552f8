import { countries } from '@/contract/countries';
import { NativeSelectField } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { useMessages } from '@/src/i18n/i18n';
import * as s from './advertiser.css';
import { campaignEditorMessages } from './campaignEditorCatalogue';

/** The campaign's countries (names of the registration list, as they are in both languages): a select adds one, each chip removes its own. */
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
  const { t } = useMessages(campaignEditorMessages);
  return (
    <div className={s.formStack}>
      <NativeSelectField
        label={t('countries.label')}
        name="countries"
        placeholder={t('countries.add')}
        value=""
        options={remaining.map((country) => ({ value: country, label: country }))}
        hint={chosen.length === 0 ? t('countries.every') : undefined}
        disabled={disabled}
        onChange={(event) => {
          if (event.target.value) onAdd(event.target.value);
        }}
      />
      {chosen.length > 0 ? (
        <ul className={s.chips} aria-label={t('countries.chosen')}>
          {chosen.map((country) => (
            <li key={country} className={s.removable}>
              {country}
              <button
                type="button"
                className={s.removeButton}
                aria-label={t('countries.remove', { country })}
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
