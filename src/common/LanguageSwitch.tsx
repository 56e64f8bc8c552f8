import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Locale } from '@/contract/locales';
import type { languageChoiceMachine, LanguageProblem } from '@/machines/accounts/languageChoice.machine';
import { selectLanguageBusy, selectLanguageProblem } from '@/machines/accounts/languageChoice.select';
import { LOCALE_NAMES, LOCALES } from '@/src/i18n/locales';
import { useMessages, usePageLocale } from '@/src/i18n/i18n';
import { commonMessages } from './catalogue';
import * as s from './LanguageSwitch.css';

type ChoiceRef = ActorRefFrom<typeof languageChoiceMachine>;

/**
 * The page's language (docs/architecture.md §Languages; the languageChoice flow): each language by its own name, the
 * one in use pressed. A visitor's choice is kept in this browser, a signed-in account's on the account first; the page
 * changes language once its words have arrived. When it cannot, the switch says why, and the page stays as it was.
 * The flow's actor is started with the first choice (`start` loads it), so that every public page does not carry it.
 */
export function LanguageSwitch({
  start,
  signedIn,
  tone = 'onDark',
}: {
  start: () => Promise<ChoiceRef>;
  signedIn: boolean;
  tone?: 'onDark' | 'onLight';
}) {
  const [choice, setChoice] = useState<ChoiceRef | null>(null);
  // The flow's code could not be fetched (offline, a stale deploy): the page stays, and the switch says so.
  const [unloaded, setUnloaded] = useState(false);
  const starting = useRef<Promise<ChoiceRef> | null>(null);
  // The actor lives as long as the switch.
  useEffect(() => () => choice?.stop(), [choice]);
  const choose = (locale: Locale) => {
    setUnloaded(false);
    starting.current ??= start().then(
      (actor) => {
        setChoice(actor);
        return actor;
      },
      (error: unknown) => {
        starting.current = null;
        throw error;
      },
    );
    starting.current.then(
      (actor) => actor.send({ type: 'language.choose', locale, signedIn }),
      () => setUnloaded(true),
    );
  };
  return choice ? (
    <FollowedSwitch actorRef={choice} tone={tone} onChoose={choose} />
  ) : (
    <Switch busy={false} problem={unloaded ? 'notLoaded' : null} tone={tone} onChoose={choose} />
  );
}

function FollowedSwitch({
  actorRef,
  ...rest
}: { actorRef: ChoiceRef } & Omit<Parameters<typeof Switch>[0], 'busy' | 'problem'>) {
  const busy = useSelector(actorRef, selectLanguageBusy);
  const problem = useSelector(actorRef, selectLanguageProblem);
  return <Switch busy={busy} problem={problem} {...rest} />;
}

function Switch({
  busy,
  problem,
  tone,
  onChoose,
}: {
  busy: boolean;
  problem: LanguageProblem | null;
  tone: 'onDark' | 'onLight';
  onChoose: (locale: Locale) => void;
}) {
  const locale = usePageLocale();
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
            onClick={() => onChoose(option)}
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
