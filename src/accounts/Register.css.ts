import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@/src/theme/theme.css';
import { STEP_ANIMATION_MS } from '@/machines/timing';

const leave = keyframes({
  from: { opacity: 1, transform: 'none' },
  to: { opacity: 0, transform: 'translateX(-24px)' },
});
const arrive = keyframes({
  from: { opacity: 0, transform: 'translateX(24px)' },
  to: { opacity: 1, transform: 'none' },
});

// The step change animates over the spec's 1,000 ms (the machine waits the same delay).
export const step = style({
  selectors: {
    '&[data-state="leaving"]': { animation: `${leave} ${STEP_ANIMATION_MS}ms ${vars.motion.easing} forwards` },
  },
});

export const enter = style({ animation: `${arrive} ${vars.motion.fade} ${vars.motion.easing}` });

export const reason = style({ display: 'block', marginTop: vars.space[1], fontWeight: vars.fontWeight.regular });
