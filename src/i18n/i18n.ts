// The product's languages at run time (docs/architecture.md §Languages), on Lingui (@lingui/core):
// one i18n instance, catalogues per domain beside the domain's code (src/<domain>/messages/<locale>.json, ICU
// MessageFormat, compiled at build time by vite.config.ts), the visitor's language and the page's <html lang>.
//
// English is each catalogue's source: it ships with the domain's code, so English never waits. Another language's
// catalogue is a chunk of its own, loaded with the first screen of its domain that needs it; a screen waits for it
// under the route's Suspense like for the screen's own chunk.
import { setupI18n, type I18n } from '@lingui/core';
import { createContext, use, useContext, useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, isLocale, LOCALES, pickLocale, type Locale } from './locales';

/** The page's instance: its active locale is the page's language, and it says when that changes. */
export const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });

/**
 * One instance per language, each holding that language's messages: a part of the page in another language than the
 * page's (InLanguage) is worded by its language's instance.
 */
const speakers = Object.fromEntries(
  LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: {} } })]),
) as Record<Locale, I18n>;

function loadMessages(locale: Locale, messages: Record<string, unknown>) {
  i18n.load(locale, messages as never);
  speakers[locale].load(locale, messages as never);
}

/** A catalogue as imported: each message compiled (typed as the English source's texts, for its ids). */
type Messages = Record<string, unknown>;
type Loader = () => Promise<{ default: Messages }>;

/** A promise that says whether it has settled, as React's `use` reads it: a fulfilled one does not suspend. */
type Tracked = Promise<void>;

function track(promise: Promise<void>): Tracked {
  const tracked = promise as Promise<void> & { status?: string; reason?: unknown };
  tracked.status = 'pending';
  tracked.then(
    () => {
      tracked.status = 'fulfilled';
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return tracked;
}

const settled = (): Tracked => Object.assign(Promise.resolve(), { status: 'fulfilled' });

export interface Catalogue<Id extends string> {
  readonly domain: string;
  /** The message's id in the shared instance: `<domain>.<id>`. */
  key(id: Id): string;
  /** Whether the id is one of this catalogue's. */
  has(id: string): boolean;
  /**
   * Settles once the locale's messages of this domain are loaded (at once for English). A load that failed stays
   * failed for the screens (they show the route's error, as for a lost chunk, instead of asking again on every
   * render); `retry` asks again, as the switch and the first render do.
   */
  ready(locale: Locale, retry?: boolean): Tracked;
}

const catalogues: Catalogue<string>[] = [];

/**
 * A domain's catalogue: its English messages (the source, every id) and a loader for each other language, e.g.
 * `defineCatalogue('public', en, { 'es-MX': () => import('./es-MX.json') })`. A language missing an id of the
 * English source does not type-check; test/views/catalogues.test.tsx checks the rest (no id more, every id used).
 */
export function defineCatalogue<Source extends Record<string, string>>(
  domain: string,
  source: Source,
  others: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Record<keyof Source, string> }>>,
): Catalogue<keyof Source & string> {
  const prefixed = (messages: Messages) =>
    Object.fromEntries(Object.entries(messages).map(([id, message]) => [`${domain}.${id}`, message]));
  // The compiled form is what i18n.load takes; the JSON's type only names the ids.
  loadMessages(DEFAULT_LOCALE, prefixed(source));
  const loads = new Map<Locale, Tracked>([[DEFAULT_LOCALE, settled()]]);
  const catalogue: Catalogue<keyof Source & string> = {
    domain,
    key: (id) => `${domain}.${id}`,
    has: (id) => Object.hasOwn(source, id),
    ready(locale, retry = false) {
      let load = loads.get(locale) as (Tracked & { status?: string }) | undefined;
      if (!load || (retry && load.status === 'rejected')) {
        const loader = (others as Record<string, Loader>)[locale]!;
        load = track(loader().then((module) => loadMessages(locale, prefixed(module.default))));
        loads.set(locale, load);
      }
      return load;
    },
  };
  catalogues.push(catalogue);
  return catalogue;
}

/** Values an ICU message reads: `{name}`, `{count, plural, …}`, `{amount, number, …}`. */
export type MessageValues = Record<string, unknown>;

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const activeLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);

/** The language the page is in now (the API client asks the server to answer in it). */
export const currentLocale = activeLocale;

/**
 * The language of a part of the page when it differs from the page's (src/common/InLanguage.tsx): a screen not yet in
 * Spanish says English, and whatever it shows (a shared chart, a load state) speaks English with it.
 */
export const PartLanguage = createContext<Locale | null>(null);

/** The page's language, subscribed to: a screen that reads it renders again when it changes. */
export function usePageLocale(): Locale {
  return useSyncExternalStore(subscribe, activeLocale, activeLocale);
}

/** The language this part of the page speaks: its InLanguage's, else the page's. */
export function useLocale(): Locale {
  const page = usePageLocale();
  return useContext(PartLanguage) ?? page;
}

/**
 * A domain's messages in the language of this part of the page (useLocale): `t(id, values)` gives the text, and
 * `locale` says which language it is (for formatsIn). The screen waits (Suspense) while the language's catalogue of
 * the domain loads.
 */
export function useMessages<C extends Catalogue<string>[]>(...used: C) {
  type Id = C[number] extends Catalogue<infer I> ? I : never;
  const locale = useLocale();
  const messages = useMemo(
    () => ({
      locale,
      // An id is looked up in the first of the catalogues that has it (a screen may use its area's two).
      t: (id: Id, values?: MessageValues): string =>
        speakers[locale]._((used.find((catalogue) => catalogue.has(id)) ?? used[0]!).key(id), values),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the catalogues, not the array that holds them
    [locale, ...used],
  );
  // Loaded (English always): no suspending. `use` may be called conditionally, and comes last: a screen that waited
  // is rendered again with the same hooks before it whether or not it waits again (with `use` before useMemo, a
  // catalogue that arrived in between made React's replay fail, error #467, in the production build). So no hook
  // may follow useMessages in a component either (test/views/catalogues.test.tsx).
  for (const catalogue of used) {
    const ready = catalogue.ready(locale);
    if ((ready as { status?: string }).status !== 'fulfilled') use(ready);
  }
  return messages;
}

const STORAGE_KEY = 'locale';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

/** The language this browser chose (the public menu's switch), else the first of its languages Castbridge speaks. */
export function initialLocale(): Locale {
  const stored = storage()?.getItem(STORAGE_KEY);
  if (isLocale(stored)) return stored;
  return typeof navigator === 'undefined' ? DEFAULT_LOCALE : pickLocale(navigator.languages ?? [navigator.language]);
}

/**
 * Puts the page in `locale`: the catalogues of the domains loaded so far are fetched first (so the screen on show
 * changes language at once instead of waiting), then every screen renders again and <html lang> follows.
 * `remember` keeps the choice in this browser for the next visit.
 */
export async function setLocale(locale: Locale, { remember = false } = {}): Promise<void> {
  await Promise.all(catalogues.map((catalogue) => catalogue.ready(locale, true)));
  if (remember) storage()?.setItem(STORAGE_KEY, locale);
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
