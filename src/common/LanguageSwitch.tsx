import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { languageChoiceMachine } from '@/machines/accounts/languageChoice.machine';
import {
  selectChosenLanguage,
  selectLanguageBusy,
  selectLanguageProblem,
} from '@/machines/accounts/languageChoice.select';
import { LOCALE_NAMES, LOCALES } from '@/src/i18n/locales';
import { useMessages, usePageLocale } from '@/src/i18n/i18n';
import { commonMessages } from './catalogue';
import * as s from './LanguageSwitch.css';

/**
 * The page's language (docs/architecture.md §Languages; the languageChoice flow): each language by its own name, the
 * one in use pressed. A visitor's choice is kept in this browser, a signed-in account's on the account first; the page
 * changes language once its words have arrived. When it cannot, the switch says why, and the page stays as it was.
 */
export function LanguageSwitch({
  actorRef,
  signedIn,
  tone = 'onDark',
}: {
  actorRef: ActorRefFrom<typeof languageChoiceMachine>;
  signedIn: boolean;
  tone?: 'onDark' | 'onLight';
}) {
  const locale = usePageLocale();
  const chosen = useSelector(actorRef, selectChosenLanguage);
  const busy = useSelector(actorRef, selectLanguageBusy);
  const problem = useSelector(actorRef, selectLanguageProblem);
  const { t } = useMessages(commonMessages);
  return (
    <div className={s.wrapper}>
      <div role="group" aria-label={t('language')} aria-busy={busy} className={s.group[tone]}>
        {LOCALES.map((option) => (
          <button
            key={option}
            type="button"
            lang={option}
            className={s.option}
            aria-pressed={option === locale}
            data-chosen={option === chosen ? 'true' : undefined}
            onClick={() => actorRef.send({ type: 'language.choose', locale: option, signedIn })}
          >
            {LOCALE_NAMES[option]}
          </button>
        ))}
      </div>
      {problem ? (
        <p role="alert" className={s.problem[tone]}>
          {problem === 'notSaved' ? t('language.notSaved') : t('language.notLoaded')}
        </p>
      ) : null}
    </div>
  );
}
