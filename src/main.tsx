import './theme/globalStyles';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { readJwt } from './accounts/storage';
import { initialLocale, setLocale } from './i18n/i18n';
import { DEFAULT_LOCALE, type Locale } from './i18n/locales';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Navigation is not a transition: a logout's session change and its navigation home then land in one render,
// so the guard never sees the old protected route without a session (and sends the person to /login).
const app = (
  <StrictMode>
    <BrowserRouter useTransitions={false}>
      <App />
    </BrowserRouter>
  </StrictMode>
);

/**
 * Public routes arrive prerendered, in English, for a signed-out visitor (scripts/prerender.ts): hydrate them. A
 * signed-in visitor's header differs (Dashboard instead of Sign up and Login), and a visitor in another language reads
 * other texts, so for them, and for every other route, the app renders afresh.
 */
function start(root: HTMLElement, locale: Locale) {
  if (root.dataset.prerendered === window.location.pathname && !readJwt() && locale === DEFAULT_LOCALE) {
    hydrateRoot(root, app);
  } else {
    root.textContent = '';
    createRoot(root).render(app);
  }
}

// The visitor's language (the one they chose here before, else their browser's). Another than English: the catalogues
// of the modules loaded so far arrive first, so the page never shows in one language and then another.
const locale = initialLocale();
if (locale === DEFAULT_LOCALE) start(container, locale);
else
  void setLocale(locale).then(
    () => start(container, locale),
    // A catalogue that could not be fetched: the page in English rather than none.
    () => start(container, DEFAULT_LOCALE),
  );
