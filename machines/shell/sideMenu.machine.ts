// Dashboard side menu on small screens: open or closed; closes on navigation and Escape (docs/spec.md §2 Dashboard shell, §4 Mobile menus).
import { setup } from 'xstate';
import { effect } from '../placeholders';

export const sideMenuMachine = setup({
  types: {
    events: {} as { type: 'menu.open' } | { type: 'menu.close' } | { type: 'route.change' },
  },
  actions: {
    /** Moves focus into the opened drawer, so Escape and Tab act on it. */
    focusMenu: effect('focusMenu'),
    /** Gives focus back to the menu button after the drawer is dismissed. */
    focusToggle: effect('focusToggle'),
  },
}).createMachine({
  id: 'sideMenu',
  initial: 'closed',
  states: {
    closed: {
      on: { 'menu.open': 'open' },
    },
    open: {
      entry: 'focusMenu',
      on: {
        // The close control, Escape and the backdrop.
        'menu.close': { target: 'closed', actions: 'focusToggle' },
        // Following a link (or any navigation) leaves the menu closed on the new page; focus stays with the new page.
        'route.change': 'closed',
      },
    },
  },
});
