// jsdom setup for view tests: jest-dom matchers, cleanup, and the browser APIs Radix expects.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { i18n } from '@/src/i18n/i18n';
import { DEFAULT_LOCALE } from '@/src/i18n/locales';
import { preloadAlertDialogPanel } from '@/src/ui/AlertDialog';

// How long findBy*/waitFor wait for the screen to become what a test expects: a net against a hang, not a bound.
// Screens load parts as lazy chunks (a console tab, a dialog's panel); on a busy CI machine the first import of one
// took longer than Testing Library's 1 s default (test/views/operator.spanish.test.tsx, the Payouts tab).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // A test that put the page in another language leaves the next one in English (views share their modules).
  if (i18n.locale !== DEFAULT_LOCALE) i18n.activate(DEFAULT_LOCALE);
  document.documentElement.lang = 'en';
});

// Most view files share their worker's modules and globals with the files before them (vite.config.ts, project
// views): what a file replaced for its own tests (a spy on console.error or on a prototype, fake timers) goes back.
afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// Radix Select and DropdownMenu use pointer capture and scrollIntoView, which jsdom lacks.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

// The confirmation dialog's panel is loaded when a dialog first opens (src/ui/AlertDialog.tsx); loaded here once,
// dialogs render at once, as they do in the browser after the first.
await preloadAlertDialogPanel();
