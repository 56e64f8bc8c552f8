// The offline inspector's launcher (development builds only): a small floating button and Alt+Shift+I
// toggle the panel, which is loaded on first open.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { ActorRegistry } from './registry';
import * as styles from './InspectorPanel.css';

const InspectorPanel = lazy(() => import('./InspectorPanel'));

export const INSPECTOR_SHORTCUT = 'Alt+Shift+I';

/** Alt+Shift+I by physical key, so it works whatever character the layout makes of it (macOS gives "ˆ"). */
export function isInspectorShortcut(event: KeyboardEvent): boolean {
  return event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyI';
}

export default function InspectorDock({ registry }: { registry: ActorRegistry }) {
  const [open, setOpen] = useState(false);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const close = useCallback(() => {
    setOpen(false);
    launcherRef.current?.focus();
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isInspectorShortcut(event)) return;
      event.preventDefault();
      setOpen((wasOpen) => {
        if (wasOpen) launcherRef.current?.focus();
        return !wasOpen;
      });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // Focus the panel's heading once it has loaded and mounted.
  const focusHeading = useCallback((node: HTMLHeadingElement | null) => {
    headingRef.current = node;
    node?.focus();
  }, []);

  return (
    <>
      <button
        ref={launcherRef}
        type="button"
        className={styles.launcher}
        aria-expanded={open}
        aria-controls={open ? 'castbridge-inspector' : undefined}
        aria-keyshortcuts={INSPECTOR_SHORTCUT}
        title={`Statechart inspector (${INSPECTOR_SHORTCUT})`}
        onClick={() => (open ? close() : setOpen(true))}
      >
        States
      </button>
      {open ? (
        <Suspense fallback={null}>
          <InspectorPanel registry={registry} onClose={close} headingRef={focusHeading} />
        </Suspense>
      ) : null}
    </>
  );
}
