import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { media, zIndex } from '@/src/theme/tokens';
import { SIDE_MENU_WIDTH } from './SideMenu.css';

export const shell = style({
  minHeight: '100vh',
  background: vars.color.bg,
  '@media': {
    // The fixed side menu's colour continues down the whole page (long screens, full-page captures).
    [media.desktop]: {
      background: `linear-gradient(to right, ${vars.color.dashboardPrimary} ${SIDE_MENU_WIDTH}px, ${vars.color.bg} ${SIDE_MENU_WIDTH}px)`,
    },
  },
});

export const column = style({
  minWidth: 0,
  '@media': {
    [media.desktop]: { marginLeft: SIDE_MENU_WIDTH },
  },
});

export const main = style({
  padding: vars.space[4],
  maxWidth: 1280,
  margin: '0 auto',
  outline: 'none',
  '@media': { [media.tablet]: { padding: vars.space[6] } },
});

export const skipLink = style({
  position: 'absolute',
  left: vars.space[2],
  top: vars.space[2],
  zIndex: zIndex.loading,
  padding: `${vars.space[2]} ${vars.space[4]}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  color: vars.color.primary,
  fontWeight: vars.fontWeight.semibold,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});
