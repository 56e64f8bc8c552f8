// The public header's menu at 992 px or less (docs/spec.md §2 Public layout, §4 Mobile menus, §9), replayed along
// publicMenu's recorded paths on the real public layout: Menu opens it, Menu or Escape starts its ~500 ms closing fade
// (during which Menu opens it again), then it is closed. The phase is the menu's data-state, which its styles show.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { MENU_CLOSE_MS } from '@/machines/timing';
import { PublicLayout } from '@/src/public/PublicLayout';
import { renderScreen } from './harness';
import { walkScreens } from './screens';

afterEach(() => vi.useRealTimers());

const toggle = () => screen.getByRole('button', { name: 'Menu' });
const menu = () => screen.getByRole('navigation', { name: 'Main' });

/** The menu's phase as drawn: its data-state, the toggle's expanded state and icon-only label. */
function expectPhase(phase: 'open' | 'closing' | 'closed') {
  expect(menu()).toHaveAttribute('data-state', phase);
  expect(toggle()).toHaveAttribute('aria-expanded', String(phase === 'open'));
  expect(toggle()).toHaveAttribute('aria-controls', menu().id);
  // The signed-out actions are in the menu whatever its phase (the desktop header shows them inline).
  expect(within(menu()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
}

walkScreens('publicMenu', {
  mount() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderScreen(<PublicLayout />);
    return {
      gestures: {
        'menu.toggle': () => fireEvent.click(toggle()),
        // Escape inside the open menu.
        'menu.close': () =>
          fireEvent.keyDown(within(menu()).getByRole('link', { name: 'Contact Us' }), { key: 'Escape' }),
        'xstate.after.menuClose': () => act(() => vi.advanceTimersByTimeAsync(MENU_CLOSE_MS)),
      },
    };
  },
  states: {
    closed: () => expectPhase('closed'),
    open: () => expectPhase('open'),
    // Playing the fade: no longer expanded, not yet closed.
    closing: () => expectPhase('closing'),
  },
});
