import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const figure = style({ margin: 0, display: 'grid', gap: vars.space[2] });
export const svg = style({ display: 'block', width: '100%', height: 'auto', overflow: 'visible' });
export const caption = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textOnDarkMuted });

export const grid = style({ stroke: 'rgba(255,255,255,0.22)', strokeWidth: 1 });
const axis = style({ fill: vars.color.textOnDarkMuted, fontSize: 12, fontFamily: vars.font.body });
export const axisY = style([axis, { textAnchor: 'end', dominantBaseline: 'middle' }]);
export const axisX = style([axis, { textAnchor: 'middle' }]);
/** Every other label of twelve shows only on wide cards; on narrow ones they would collide. */
export const axisXOdd = style([
  axisX,
  { display: 'none', '@container': { '(min-width: 460px)': { display: 'inline' } } },
]);

export const line = style({
  fill: 'none',
  stroke: '#ffffff',
  strokeWidth: 2.5,
  strokeLinejoin: 'round',
  strokeLinecap: 'round',
});
export const area = style({ fill: 'rgba(255,255,255,0.16)' });
export const dot = style({ fill: '#ffffff' });
export const bar = style({ fill: 'rgba(255,255,255,0.85)' });
