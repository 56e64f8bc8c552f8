// The public header menu's transitions, pinned by hand (docs/spec.md §2 Public layout, §4 Mobile menus, §9): Menu
// opens it, Menu or Escape starts its closing fade, which ends after MENU_CLOSE_MS (Menu during the fade opens it
// again). Each pin reads the phase the menu's styles show (publicMenu.select.ts). Replayed on the public layout by
// test/views/publicMenu.screen.test.tsx.
import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { createActor } from 'xstate';
import { publicMenuMachine } from '@/machines/public/publicMenu.machine';
import { selectMenuPhase } from '@/machines/public/publicMenu.select';
import { MENU_CLOSE_MS } from '@/machines/timing';
import { pinTransitions } from './pin';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function start() {
  const actor = createActor(publicMenuMachine);
  actor.start();
  return { actor, phase: () => selectMenuPhase(actor.getSnapshot()) };
}

function open() {
  const menu = start();
  expect(menu.phase()).toBe('closed');
  menu.actor.send({ type: 'menu.toggle' });
  expect(menu.phase()).toBe('open');
  return menu;
}

describe('publicMenu transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(publicMenuMachine);

  pin({ from: 'publicMenu.closed', on: 'menu.toggle', to: 'publicMenu.open' }, 'Menu opens it', () => {
    const menu = open();
    expect(menu.actor.getSnapshot().value).toBe('open');
    // Open, it stays open.
    vi.advanceTimersByTime(MENU_CLOSE_MS * 4);
    expect(menu.phase()).toBe('open');
  });

  pin({ from: 'publicMenu.open', on: 'menu.toggle', to: 'publicMenu.closing' }, 'Menu starts the fade', () => {
    const menu = open();
    menu.actor.send({ type: 'menu.toggle' });
    expect(menu.phase()).toBe('closing');
  });

  pin({ from: 'publicMenu.open', on: 'menu.close', to: 'publicMenu.closing' }, 'Escape starts the fade', () => {
    const menu = open();
    menu.actor.send({ type: 'menu.close' });
    expect(menu.phase()).toBe('closing');
  });

  pin(
    { from: 'publicMenu.closing', on: 'xstate.after.menuClose', to: 'publicMenu.closed' },
    `the fade ends after ${MENU_CLOSE_MS} ms`,
    () => {
      const menu = open();
      menu.actor.send({ type: 'menu.close' });
      vi.advanceTimersByTime(MENU_CLOSE_MS - 1);
      expect(menu.phase()).toBe('closing');
      vi.advanceTimersByTime(1);
      expect(menu.phase()).toBe('closed');
      expect(menu.actor.getSnapshot().value).toBe('closed');
      // Closed, Escape does nothing.
      menu.actor.send({ type: 'menu.close' });
      expect(menu.phase()).toBe('closed');
    },
  );

  pin(
    { from: 'publicMenu.closing', on: 'menu.toggle', to: 'publicMenu.open' },
    'Menu during the fade opens it again',
    () => {
      const menu = open();
      menu.actor.send({ type: 'menu.toggle' });
      vi.advanceTimersByTime(MENU_CLOSE_MS - 1);
      menu.actor.send({ type: 'menu.toggle' });
      expect(menu.phase()).toBe('open');
      // The fade's timer went with it.
      vi.advanceTimersByTime(MENU_CLOSE_MS * 4);
      expect(menu.phase()).toBe('open');
    },
  );

  pinsEveryTransition();
});
