// The dashboard side menu's transitions, pinned by hand (docs/spec.md §2 Dashboard shell, §4 Mobile menus): Menu opens
// the drawer and moves focus into it; its close control, Escape or the backdrop closes it and gives focus back to
// the menu button; a navigation closes it and leaves focus with the new page. Each pin reads what the shell reads
// (sideMenu.select.ts). Replayed on the dashboard by test/views/sideMenu.screen.test.tsx.
import { describe, expect, vi } from 'vitest';
import { createActor } from 'xstate';
import { sideMenuMachine } from '@/machines/shell/sideMenu.machine';
import { selectSideMenuOpen } from '@/machines/shell/sideMenu.select';
import { pinTransitions } from './pin';

function start() {
  const actions = { focusMenu: vi.fn(), focusToggle: vi.fn() };
  const actor = createActor(sideMenuMachine.provide({ actions }));
  actor.start();
  return {
    actor,
    actions,
    value: () => actor.getSnapshot().value,
    open: () => selectSideMenuOpen(actor.getSnapshot()),
  };
}

function open() {
  const menu = start();
  expect(menu.open()).toBe(false);
  expect(menu.actions.focusMenu).not.toHaveBeenCalled();
  menu.actor.send({ type: 'menu.open' });
  return menu;
}

describe('sideMenu transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(sideMenuMachine);

  pin(
    { from: 'sideMenu.closed', on: 'menu.open', to: 'sideMenu.open' },
    'Menu opens the drawer and moves focus into it',
    () => {
      const menu = open();
      expect(menu.value()).toBe('open');
      expect(menu.open()).toBe(true);
      expect(menu.actions.focusMenu).toHaveBeenCalledTimes(1);
      expect(menu.actions.focusToggle).not.toHaveBeenCalled();
    },
  );

  pin(
    { from: 'sideMenu.open', on: 'menu.close', to: 'sideMenu.closed' },
    'its close control, Escape or the backdrop closes it and gives focus back to the menu button',
    () => {
      const menu = open();
      menu.actor.send({ type: 'menu.close' });
      expect(menu.value()).toBe('closed');
      expect(menu.open()).toBe(false);
      expect(menu.actions.focusToggle).toHaveBeenCalledTimes(1);
      expect(menu.actions.focusMenu).toHaveBeenCalledTimes(1);
    },
  );

  pin(
    { from: 'sideMenu.open', on: 'route.change', to: 'sideMenu.closed' },
    'a navigation closes it and leaves focus with the new page',
    () => {
      const menu = open();
      menu.actor.send({ type: 'route.change' });
      expect(menu.value()).toBe('closed');
      expect(menu.open()).toBe(false);
      expect(menu.actions.focusToggle).not.toHaveBeenCalled();
      // Closed, a navigation changes nothing.
      menu.actor.send({ type: 'route.change' });
      expect(menu.open()).toBe(false);
    },
  );

  pinsEveryTransition();
});
