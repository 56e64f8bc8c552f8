import { useCallback, useRef } from 'react';

/**
 * Radix returns focus to its own Dialog.Trigger on close. Our dialogs are controlled and usually
 * opened by an ordinary button, so remember what had focus when they opened and go back there.
 */
export function useReturnFocus() {
  const saved = useRef<HTMLElement | null>(null);

  const remember = useCallback(() => {
    const active = document.activeElement;
    saved.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);

  const restore = useCallback((event: Event) => {
    const element = saved.current;
    saved.current = null;
    if (element && element.isConnected) {
      event.preventDefault();
      element.focus({ preventScroll: true });
    }
  }, []);

  return { remember, restore };
}
