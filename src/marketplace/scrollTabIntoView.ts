// Scrolls a horizontal tab strip so the selected trigger is centred, over the spec's 300 ms (docs/spec.md §9, TAB_SCROLL_MS).
// Decoration, not flow: reduced-motion users get the same position without the animation.
import { TAB_SCROLL_MS } from '@/machines/timing';
import { reducedMotion } from '@/src/theme/tokens';

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** The strip's running animation: a new scroll replaces it, so a tab chosen mid-animation is where the strip ends. */
const running = new WeakMap<HTMLElement, number>();

export function scrollTabIntoView(strip: HTMLElement | null, value: string): void {
  const trigger = strip?.querySelector<HTMLElement>(`[role="tab"][data-value="${CSS.escape(value)}"]`);
  if (!strip || !trigger) return;
  const previous = running.get(strip);
  if (previous !== undefined) {
    cancelAnimationFrame(previous);
    running.delete(strip);
  }
  const max = strip.scrollWidth - strip.clientWidth;
  const target = Math.min(max, Math.max(0, trigger.offsetLeft - (strip.clientWidth - trigger.offsetWidth) / 2));
  const start = strip.scrollLeft;
  if (Math.abs(target - start) < 1) {
    strip.scrollLeft = target;
    return;
  }
  if (window.matchMedia(reducedMotion).matches) {
    strip.scrollLeft = target;
    return;
  }
  const began = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - began) / TAB_SCROLL_MS);
    strip.scrollLeft = start + (target - start) * easeInOut(t);
    if (t < 1) running.set(strip, requestAnimationFrame(step));
    else running.delete(strip);
  };
  running.set(strip, requestAnimationFrame(step));
}
