import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { AlertDialogProps } from './AlertDialogPanel';

export type { AlertDialogProps } from './AlertDialogPanel';

// The panel (Radix AlertDialog with its focus trap and scroll lock) is a chunk of its own: a confirmation is closed
// until a click, and every screen that asks first would otherwise carry it before interaction (bundle budget).
let loaded: ComponentType<AlertDialogProps> | null = null;
/** Loads the panel; once it is here, every dialog renders it at once (no Suspense). */
export function preloadAlertDialogPanel(): Promise<ComponentType<AlertDialogProps>> {
  return import('./AlertDialogPanel').then((m) => (loaded = m.AlertDialogPanel));
}
const LazyPanel = lazy(() => preloadAlertDialogPanel().then((panel) => ({ default: panel })));

/**
 * A confirmation dialog: nothing until it first opens, then the Radix panel (kept mounted afterwards, so its closing
 * animation and focus return run as usual). Focus starts on Cancel; Escape calls onOpenChange(false).
 */
export function AlertDialog(props: AlertDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  const Panel = loaded;
  if (Panel) return <Panel {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyPanel {...props} />
    </Suspense>
  );
}
