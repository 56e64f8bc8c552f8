// The dashboard side menu's focus moves (docs/spec.md §2 Dashboard shell): into the drawer when it opens, back to the toggle.
import { sideMenuMachine } from '@/machines/shell/sideMenu.machine';

/** Ids the side menu's focus moves between. */
export const SIDE_MENU_CLOSE_ID = 'side-menu-close';
export const SIDE_MENU_TOGGLE_ID = 'side-menu-toggle';

/** After the drawer becomes visible (next frame), focus its close control; on dismiss, the menu button. */
export const sideMenuLogic = sideMenuMachine.provide({
  actions: {
    focusMenu: () => requestAnimationFrame(() => document.getElementById(SIDE_MENU_CLOSE_ID)?.focus()),
    focusToggle: () => requestAnimationFrame(() => document.getElementById(SIDE_MENU_TOGGLE_ID)?.focus()),
  },
});
