import { style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';

// The Funds card's parts of self-serve money (src/money/FundsParts.tsx).

/** What became of a payment the advertiser came back from: above the figures, apart from them. */
export const returnNotice = style({ marginBottom: vars.space[4] });
