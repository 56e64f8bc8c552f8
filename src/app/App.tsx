import { Suspense } from 'react';
import { RouteFallback } from '../views/common/RouteFallback';
import { AppRoutes } from './routes';
import { SessionProvider } from './session';

/** The app inside a router: the session actor, then the routes. */
export function App() {
  return (
    <SessionProvider>
      <Suspense fallback={<RouteFallback />}>
        <AppRoutes />
      </Suspense>
    </SessionProvider>
  );
}
