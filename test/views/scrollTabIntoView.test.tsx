// The offers tab strip's scroll (src/marketplace/scrollTabIntoView.ts): a tab chosen while the strip is still
// animating towards another is where the strip ends.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TAB_SCROLL_MS } from '@/machines/timing';
import { scrollTabIntoView } from '@/src/marketplace/scrollTabIntoView';

/** A strip 300 px wide holding three 200 px tabs (scrollable to 300 px), and frames the test runs by hand. */
function strip() {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { value: 300 });
  Object.defineProperty(element, 'scrollWidth', { value: 600 });
  ['newley', 'accepted', 'asking'].forEach((value, index) => {
    const tab = document.createElement('button');
    tab.setAttribute('role', 'tab');
    tab.dataset.value = value;
    Object.defineProperty(tab, 'offsetLeft', { value: index * 200 });
    Object.defineProperty(tab, 'offsetWidth', { value: 200 });
    element.append(tab);
  });
  let scroll = 0;
  Object.defineProperty(element, 'scrollLeft', {
    get: () => scroll,
    set: (value: number) => (scroll = value),
  });
  return element;
}

let now = 0;
let frames = new Map<number, FrameRequestCallback>();
function runFrames(ms: number, step = 16) {
  for (let elapsed = 0; elapsed < ms; elapsed += step) {
    now += step;
    const due = frames;
    frames = new Map();
    due.forEach((callback) => callback(now));
  }
}

describe('scrollTabIntoView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a tab chosen mid-animation wins over the animation still running', () => {
    let id = 0;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => (frames.set(++id, callback), id));
    vi.stubGlobal('cancelAnimationFrame', (handle: number) => frames.delete(handle));
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    window.matchMedia = vi.fn().mockReturnValue({ matches: false }) as never;
    const element = strip();

    scrollTabIntoView(element, 'asking');
    // One early frame: the strip has barely moved (under a pixel), as a test or a quick thumb sees it.
    runFrames(8, 8);
    expect(element.scrollLeft).toBeGreaterThan(0);
    expect(element.scrollLeft).toBeLessThan(1);
    // Back to the first tab before the first animation is over: the strip ends at the start.
    scrollTabIntoView(element, 'newley');
    runFrames(TAB_SCROLL_MS * 2);
    expect(element.scrollLeft).toBe(0);
    expect(frames.size).toBe(0);

    scrollTabIntoView(element, 'asking');
    runFrames(TAB_SCROLL_MS * 2);
    expect(element.scrollLeft).toBe(300);
  });
});
