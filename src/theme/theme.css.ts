import { createGlobalTheme } from '@vanilla-extract/css';
import { motion } from './tokens';

// Brand: deep indigo/violet on white surfaces, a dark navy hero, a coral accent used sparingly.
// Every text/background pair below was checked for WCAG AA (ratios noted where they matter).
const palette = {
  navy900: '#0f1033',
  navy800: '#1c1760',
  indigo900: '#17133a',
  indigo700: '#3a1f8f',
  indigo600: '#3c27a3',
  indigo500: '#4b32c3',
  violet500: '#5b3fd9',
  violet400: '#4a2fc4',
  lavender50: '#f6f5fb',
  lavender100: '#efedf8',
  lavender150: '#ece8fd',
  lavender200: '#dcd8ec',
  lavender300: '#c9c4f0',
  slate500: '#5a5778',
  slate400: '#8a86a8',
  coral400: '#ff7a59',
  coral700: '#b4361f',
  white: '#ffffff',
} as const;

export const vars = createGlobalTheme(':root', {
  color: {
    bg: palette.lavender50,
    surface: palette.white,
    surfaceAlt: palette.lavender100,
    text: palette.indigo900, // 16:1 on white
    textMuted: palette.slate500, // 6.8:1 on white, 5.9:1 on surfaceAlt
    textOnPrimary: palette.white, // 8.3:1 on primary, 6.7:1 on dashboardPrimary
    textOnDark: palette.white,
    textOnDarkMuted: palette.lavender300, // 11:1 on hero navy, 7.1:1 on indigo700
    border: palette.lavender200, // decorative dividers
    borderStrong: palette.slate400, // form control outlines, 3.5:1 on white (WCAG 1.4.11)
    primary: palette.indigo500,
    primaryHover: palette.indigo600,
    primarySoft: palette.lavender150,
    dashboardPrimary: palette.violet500,
    dashboardPrimaryHover: palette.violet400,
    hero: palette.navy900,
    accent: palette.coral400, // decoration and dark text only (6.9:1 with text)
    accentText: palette.coral700, // coral for text on white, 6:1
    success: '#17784a', // 4.9:1 on successBg
    successBg: '#e3f5ec',
    warning: '#8a5a00', // 5.3:1 on warningBg
    warningBg: '#fdf1d8',
    danger: '#c0292f', // 5.8:1 on white, 5.1:1 on dangerBg
    dangerHover: '#a11f25',
    dangerBg: '#fdecec',
    info: '#1f5fbf', // 5.3:1 on infoBg
    infoBg: '#e6f0fc',
    focus: '#c2410c', // 5.2:1 on white; drawn with a white halo so it also shows on violet
    overlay: 'rgba(15, 16, 51, 0.62)',
  },
  space: {
    0: '0',
    1: '4px',
    2: '8px',
    3: '12px',
    4: '16px',
    5: '20px',
    6: '24px',
    8: '32px',
    10: '40px',
    12: '48px',
    16: '64px',
  },
  radius: {
    sm: '6px',
    md: '10px',
    lg: '16px',
    xl: '24px',
    pill: '999px',
  },
  font: {
    body: '"Inter Variable", Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    xxl: '1.5rem',
    xxxl: '2rem',
    display: 'clamp(2.25rem, 4vw + 1.25rem, 3.75rem)',
  },
  fontWeight: {
    regular: '400',
    medium: '500',
    semibold: '600',
    bold: '700',
  },
  lineHeight: {
    tight: '1.2',
    normal: '1.5',
  },
  shadow: {
    sm: '0 1px 2px rgba(23, 19, 58, 0.06), 0 1px 3px rgba(23, 19, 58, 0.08)',
    md: '0 2px 4px rgba(23, 19, 58, 0.04), 0 8px 20px rgba(23, 19, 58, 0.08)',
    lg: '0 24px 56px rgba(15, 16, 51, 0.24), 0 4px 12px rgba(15, 16, 51, 0.08)',
  },
  motion: {
    fade: `${motion.fadeMs}ms`,
    menuClose: `${motion.menuCloseMs}ms`,
    easing: 'cubic-bezier(0.2, 0, 0, 1)',
  },
  gradient: {
    card: `linear-gradient(165deg, ${palette.violet500} 0%, ${palette.indigo700} 100%)`,
    cardHorizontal: `linear-gradient(100deg, ${palette.violet500} 0%, ${palette.indigo700} 100%)`,
    hero: `radial-gradient(ellipse 70% 60% at 85% 10%, rgba(91, 63, 217, 0.55) 0%, rgba(91, 63, 217, 0) 70%), linear-gradient(160deg, ${palette.navy900} 0%, ${palette.navy800} 60%, ${palette.indigo700} 100%)`,
  },
});
