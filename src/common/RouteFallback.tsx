import { Spinner } from '@/src/ui/Spinner';
import * as s from './RouteFallback.css';

/** Shown while a route's code arrives. */
export function RouteFallback() {
  return (
    <div className={s.fallback}>
      <Spinner label="Loading" />
    </div>
  );
}
