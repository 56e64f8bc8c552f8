// jsdom lacks a few browser APIs that Radix primitives touch; stub them for the UI-kit tests.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const g = globalThis as unknown as Record<string, unknown>;
g.ResizeObserver ??= ResizeObserverStub;
g.IS_REACT_ACT_ENVIRONMENT = true;

if (typeof Element !== 'undefined') {
  const proto = Element.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.releasePointerCapture ??= () => undefined;
  proto.scrollIntoView ??= () => undefined;
}

// Works whether or not the project enables vitest globals (Testing Library auto-cleanup needs them).
afterEach(() => cleanup());
