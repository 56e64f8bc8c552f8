// Public header menu below 992 px: open, closing with a ~500 ms fade, closed (docs/spec.md §2 Public layout, §4 Mobile menus, §9).
import { setup } from 'xstate';
import { MENU_CLOSE_MS } from '../timing';

export const publicMenuMachine = setup({
  types: {
    events: {} as { type: 'menu.toggle' } | { type: 'menu.close' },
  },
  delays: {
    menuClose: MENU_CLOSE_MS,
  },
}).createMachine({
  id: 'publicMenu',
  initial: 'closed',
  states: {
    closed: {
      on: { 'menu.toggle': 'open' },
    },
    open: {
      on: {
        'menu.toggle': 'closing',
        'menu.close': 'closing',
      },
    },
    closing: {
      after: { menuClose: 'closed' },
      on: { 'menu.toggle': 'open' },
    },
  },
});
