// The public menu's language switch (docs/architecture.md §Languages; docs/product.md §The account's language),
// replayed along languageChoice's recorded paths on the real public layout: a visitor's Español puts the landing page
// in Spanish and keeps the choice in this browser; a signed-in account keeps it first (PUT /api/settings), and a
// refused save or a language whose words cannot be fetched leaves the page in English and says why.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import type { Locale } from '@/contract/locales';
import { languageChoiceMachine } from '@/machines/accounts/languageChoice.machine';
import { setLocale } from '@/src/i18n/i18n';
import { Landing } from '@/src/public/Landing';
import { PublicLayout } from '@/src/public/PublicLayout';
import { Route, Routes } from 'react-router-dom';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

/** The page's words being fetched: held until the path says they arrived (or failed), then put on the page. */
function wordsGate() {
  const inputs: { locale: Locale }[] = [];
  let pending: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  let running: Promise<void> = Promise.resolve();
  const logic = fromPromise<void, { locale: Locale }>(({ input }) => {
    inputs.push(input);
    running = new Promise<void>((resolve, reject) => {
      pending = { resolve, reject };
    }).then(() => setLocale(input.locale, { remember: true }));
    return running;
  });
  return {
    logic,
    inputs,
    /** The words arrive and the page speaks them. */
    arrive: () =>
      act(async () => {
        pending!.resolve();
        await running;
      }),
    fail: (error: unknown) =>
      act(async () => {
        pending!.reject(error);
        await running.catch(() => {});
      }),
  };
}

const switchGroup = () => screen.getByRole('group', { name: /^(Language|Idioma)$/ });
const landingHeading = () => screen.getByRole('heading', { level: 1 });

walkScreens('languageChoice', {
  mount() {
    window.localStorage.removeItem('locale');
    const save = controlled<unknown, { locale: Locale }>();
    const words = wordsGate();
    const view = renderScreen(
      <Routes>
        <Route
          element={
            <PublicLayout
              languageLogic={languageChoiceMachine.provide({
                actors: { saveLanguage: save.logic, showLanguage: words.logic },
              })}
            />
          }
        >
          <Route index element={<Landing />} />
        </Route>
      </Routes>,
      { path: '/*', url: '/' },
    );
    /** What the person did last, and how it ended: what the idle screen must show. */
    const last = { outcome: 'none' as 'none' | 'spoken' | 'notSaved' | 'notLoaded', signedIn: false };
    return {
      save,
      words,
      last,
      gestures: {
        'language.choose': async ({ signedIn }) => {
          last.signedIn = signedIn;
          if (signedIn)
            act(() =>
              view.session().send({
                type: 'session.signIn',
                token: 'session.jwt',
                info: { method: 'password', signedInAt: new Date().toISOString() },
              }),
            );
          expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Dashboard' }) !== null).toBe(signedIn);
          const asked = save.started + words.inputs.length;
          fireEvent.click(within(switchGroup()).getByRole('button', { name: 'Español' }));
          // The flow's code loads with the first choice; then the account is asked, or the words.
          await waitFor(() => expect(save.started + words.inputs.length).toBe(asked + 1));
        },
        'xstate.done.actor.saveLanguage': ({ output }) => save.resolve(output),
        'xstate.error.actor.saveLanguage': async ({ error }) => {
          last.outcome = 'notSaved';
          await save.reject(error);
        },
        'xstate.done.actor.showLanguage': async () => {
          last.outcome = 'spoken';
          await words.arrive();
        },
        'xstate.error.actor.showLanguage': async ({ error }) => {
          last.outcome = 'notLoaded';
          await words.fail(error);
        },
      },
    };
  },
  states: {
    // Not busy. Before any choice, or after a refusal: the page in English, and why. After: the page in Spanish.
    idle: async ({ last, save, words }) => {
      expect(switchGroup()).toHaveAttribute('aria-busy', 'false');
      if (last.outcome === 'spoken') {
        await waitFor(() => expect(document.documentElement.lang).toBe('es-MX'));
        expect(landingHeading()).not.toHaveTextContent('Get sponsored');
        expect(within(switchGroup()).getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
        expect(window.localStorage.getItem('locale')).toBe('es-MX');
        expect(screen.queryByRole('alert')).toBeNull();
        // A signed-in account kept the language before the page changed; a visitor's choice stays in the browser.
        expect(save.inputs).toEqual(last.signedIn ? [{ locale: 'es-MX' }] : []);
        return;
      }
      expect(document.documentElement.lang).not.toBe('es-MX');
      expect(landingHeading()).toHaveTextContent('Get sponsored');
      expect(within(switchGroup()).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
      expect(window.localStorage.getItem('locale')).toBeNull();
      if (last.outcome === 'notSaved') {
        expect(screen.getByRole('alert')).toHaveTextContent('Your account could not keep this language. Try again.');
        expect(words.inputs).toEqual([]);
      } else if (last.outcome === 'notLoaded') {
        expect(screen.getByRole('alert')).toHaveTextContent('This language could not be loaded.');
      } else {
        expect(screen.queryByRole('alert')).toBeNull();
        expect(save.started + words.inputs.length).toBe(0);
      }
    },
    // The account is asked to keep Spanish; the page waits for it, in English.
    saving: ({ save, words }) => {
      expect(switchGroup()).toHaveAttribute('aria-busy', 'true');
      expect(save.inputs).toEqual([{ locale: 'es-MX' }]);
      expect(words.inputs).toEqual([]);
      expect(landingHeading()).toHaveTextContent('Get sponsored');
      expect(screen.queryByRole('alert')).toBeNull();
    },
    // Spanish's words are on their way; the page is still English until they arrive.
    showing: ({ save, words, last }) => {
      expect(switchGroup()).toHaveAttribute('aria-busy', 'true');
      expect(words.inputs).toEqual([{ locale: 'es-MX' }]);
      expect(save.inputs).toEqual(last.signedIn ? [{ locale: 'es-MX' }] : []);
      expect(landingHeading()).toHaveTextContent('Get sponsored');
      expect(window.localStorage.getItem('locale')).toBeNull();
    },
  },
});
