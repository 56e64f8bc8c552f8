// The Dispute delivery dialog: what was counted, above the reason.
import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

export const delivered = style({ display: 'grid', gap: vars.space[1], marginBottom: vars.space[3] });
export const deliveredTitle = style({ margin: 0, fontWeight: vars.fontWeight.semibold });
export const deliveredList = style({ margin: 0, paddingLeft: vars.space[5] });
