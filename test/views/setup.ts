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

/**
 * jsdom computes a style by matching the element against its whole user-agent stylesheet on every call, and the
 * queries call it for each element and each of its ancestors (Testing Library's role queries asking what is hidden,
 * accessible names, user-event's pointer-events check, toBeVisible): a quarter of the view tests' CPU (2026-12-04,
 * three of the largest files profiled, 2.4 s of 9.9). An element's computed style depends on the element, its
 * ancestors and their siblings, so each element's is kept until something there changes: a mutation (a node added or
 * removed, an attribute, `style` and `hidden` included, a text) on the element, an ancestor or a sibling of either.
 * A stylesheet added, removed or edited changes every element's, and so does what no mutation reports: a rule
 * inserted into a stylesheet, a focus, an input, a click, a resize. The style returned is jsdom's own, computed as before. Installed once per worker: the view files share
 * their window (vite.config.ts, project views). The views alone, two workers: 242 s of CPU against 268 s. A first
 * version that lost the records the observer's callback had taken failed 50 view tests (a tab panel not found, a
 * click refused for `pointer-events: none`): the tests see a stale style.
 */
const COMPUTED = Symbol.for('castbridge.computedStyleCache');
if (!(COMPUTED in window)) {
  const compute = window.getComputedStyle.bind(window);
  /** Counts changes; `changedAt` says when a node's subtree last changed, `everythingAt` when every element's did. */
  let clock = 0;
  let everythingAt = 0;
  const changedAt = new WeakMap<Node, number>();
  const absorb = (records: MutationRecord[]) => {
    if (records.length === 0) return;
    clock += 1;
    for (const record of records) {
      // A stylesheet added, removed or edited (a <style> in the head, outside every element's ancestors) changes what
      // every element matches.
      const sheets = [record.target, record.target.parentNode, ...record.addedNodes, ...record.removedNodes];
      if (sheets.some((node) => node instanceof HTMLStyleElement || node instanceof HTMLLinkElement)) {
        everythingAt = clock;
        continue;
      }
      // An attribute or a text can change what its siblings' selectors match: the parent's subtree is redone.
      const node = record.type === 'childList' ? record.target : (record.target.parentNode ?? record.target);
      changedAt.set(node, clock);
    }
  };
  // Records delivered to the callback (at a microtask checkpoint) are no longer there to take: both are absorbed.
  const changes = new MutationObserver(absorb);
  changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const everything = () => {
    clock += 1;
    everythingAt = clock;
  };
  for (const type of ['focusin', 'focusout', 'input', 'change', 'click'])
    document.addEventListener(type, everything, { capture: true });
  window.addEventListener('resize', everything);
  for (const method of ['insertRule', 'deleteRule', 'replaceSync'] as const) {
    const original = CSSStyleSheet.prototype[method] as ((...args: unknown[]) => unknown) | undefined;
    if (!original) continue;
    Object.defineProperty(CSSStyleSheet.prototype, method, {
      configurable: true,
      writable: true,
      value(this: CSSStyleSheet, ...args: unknown[]) {
        everything();
        return original.apply(this, args);
      },
    });
  }
  const kept = new WeakMap<Element, { style: CSSStyleDeclaration; at: number }>();
  /**
   * Nothing changed on the element or an ancestor since `at`, and it is still in the document: a removed element's
   * old ancestors are no longer on its path, so no mutation there could reach its kept style; its style is computed
   * afresh, as without the cache.
   */
  const unchangedSince = (element: Element, at: number) => {
    if (everythingAt > at) return false;
    for (let node: Node = element; ; node = node.parentNode!) {
      if ((changedAt.get(node) ?? 0) > at) return false;
      if (!node.parentNode) return node === document;
    }
  };
  window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    if (pseudoElement) return compute(element, pseudoElement);
    absorb(changes.takeRecords());
    const entry = kept.get(element);
    if (entry && unchangedSince(element, entry.at)) return entry.style;
    const style = compute(element);
    kept.set(element, { style, at: clock });
    return style;
  };
  Object.defineProperty(window, COMPUTED, { value: true });
}

// Radix Select and DropdownMenu use pointer capture and scrollIntoView, which jsdom lacks.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

// The confirmation dialog's panel is loaded when a dialog first opens (src/ui/AlertDialog.tsx); loaded here once,
// dialogs render at once, as they do in the browser after the first.
await preloadAlertDialogPanel();
