// The one `inspect` option every actor of the app is created with. Production builds get undefined (no cost,
// and none of the code below: `import.meta.env.DEV` is false there, so the bundler drops it).
// In development every actor reports to a hub that feeds the offline panel's registry (Alt+Shift+I) and,
// with `?inspect` in the URL or VITE_INSPECT=1, Stately's browser inspector, loaded on demand.
import type { InspectionEvent } from 'xstate';
import { createInspectionHub } from '@/src/inspector/hub';
import { createActorRegistry, type ActorRegistry } from '@/src/inspector/registry';

function wantsStatelyInspector(): boolean {
  if (import.meta.env.VITE_INSPECT === '1' || import.meta.env.VITE_INSPECT === 'true') return true;
  return typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('inspect');
}

function createDevelopmentInspection() {
  const hub = createInspectionHub();
  const registry = createActorRegistry();
  hub.attach(registry.record);
  if (wantsStatelyInspector()) {
    // Actors start before the module arrives; the hub buffers their events and replays them.
    hub.attachLater(
      import('@statelyai/inspect').then(({ createBrowserInspector }) => {
        const inspector = createBrowserInspector();
        return (event: InspectionEvent) => inspector.inspect.next?.(event);
      }),
    );
  }
  return { inspect: hub.inspect, registry };
}

const development = import.meta.env.DEV ? createDevelopmentInspection() : undefined;

export const inspect: ((event: InspectionEvent) => void) | undefined = development?.inspect;

/** The live actors for the offline inspector panel (development only). */
export const inspectorRegistry: ActorRegistry | undefined = development?.registry;
