// A small virtualiser for the archived day's log (docs/product.md §Chat archive: 100,000 messages scroll smoothly): only the rows in view
// (and a few around them) are in the DOM, each absolutely placed at the sum of the heights before it; heights start
// as an estimate and are replaced by each row's measured height as it is shown. A library would do the same in
// several times the code, which the day's route cannot afford within its bundle budget.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';

export interface WindowedRow {
  index: number;
  top: number;
  /** Measures the row's element (give it as its ref). */
  measure: (element: HTMLElement | null) => void;
}

/** The first index whose bottom edge is below `y`. */
function rowAt(offsets: Float64Array, count: number, y: number): number {
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid + 1]! <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function useWindowedRows(
  count: number,
  scroller: RefObject<HTMLElement | null>,
  estimate = 32,
  overscan = 10,
): { rows: WindowedRow[]; total: number; last: number } {
  const heights = useRef(new Map<number, number>());
  const [version, setVersion] = useState(0);
  const [view, setView] = useState({ top: 0, height: 600 });

  const offsets = useMemo(() => {
    const sums = new Float64Array(count + 1);
    for (let i = 0; i < count; i += 1) sums[i + 1] = sums[i]! + (heights.current.get(i) ?? estimate);
    return sums;
    // `version` changes when a measured height does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [count, estimate, version]);

  // The log's element appears once there are rows: listen from then on.
  const present = count > 0;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      setView({ top: element.scrollTop, height: element.clientHeight || 600 });
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(read);
    };
    read();
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [scroller, present]);

  const observer = useRef<ResizeObserver | null>(null);
  const elements = useRef(new Map<Element, number>());
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const index = elements.current.get(entry.target);
        const height = (entry.target as HTMLElement).offsetHeight;
        if (index !== undefined && height > 0 && heights.current.get(index) !== height) {
          heights.current.set(index, height);
          changed = true;
        }
      }
      if (changed) setVersion((v) => v + 1);
    });
    return () => observer.current?.disconnect();
  }, []);

  const measureFor = useCallback(
    (index: number) => (element: HTMLElement | null) => {
      if (!element) return;
      elements.current.set(element, index);
      observer.current?.observe(element);
    },
    [],
  );

  if (count === 0) return { rows: [], total: 0, last: -1 };
  const first = Math.max(0, rowAt(offsets, count, view.top) - overscan);
  const last = Math.min(count - 1, rowAt(offsets, count, view.top + view.height) + overscan);
  const rows: WindowedRow[] = [];
  for (let index = first; index <= last; index += 1)
    rows.push({ index, top: offsets[index]!, measure: measureFor(index) });
  return { rows, total: offsets[count]!, last };
}
