// Dashboard side menu on small screens: open or closed; closes on navigation and Escape (SPEC §2 Dashboard shell, §4 Mobile menus).
import { setup } from 'xstate';

export const sideMenuMachine = setup({
  types: {
    events: {} as { type: 'menu.open' } | { type: 'menu.close' } | { type: 'route.change' },
  },
}).createMachine({
  id: 'sideMenu',
  initial: 'closed',
  states: {
    closed: {
      on: { 'menu.open': 'open' },
    },
    open: {
      on: {
        // The close control, Escape and the backdrop.
        'menu.close': 'closed',
        // Following a link (or any navigation) leaves the menu closed on the new page.
        'route.change': 'closed',
      },
    },
  },
});
