import { lazy, Suspense } from 'react';
import { RouteFallback } from '@/src/common/RouteFallback';
import { UiWords } from '@/src/common/UiWords';
import { inspectorRegistry } from './inspect';
import { AppRoutes } from './routes';
import { SessionProvider } from './SessionProvider';

// The offline statechart inspector (Alt+Shift+I): development builds only, in its own chunk.
const InspectorDock = import.meta.env.DEV ? lazy(() => import('@/src/inspector/InspectorDock')) : undefined;

/** The app inside a router: the session actor, then the routes. */
export function App() {
  return (
    <SessionProvider>
      <Suspense fallback={<RouteFallback />}>
        <UiWords>
          <AppRoutes />
        </UiWords>
      </Suspense>
      {InspectorDock && inspectorRegistry ? (
        <Suspense fallback={null}>
          <InspectorDock registry={inspectorRegistry} />
        </Suspense>
      ) : null}
    </SessionProvider>
  );
}
