import { Spinner } from '@/src/ui/Spinner';
import * as s from './RouteFallback.css';
import { useMessages } from '@/src/i18n/i18n';
import { commonMessages } from './catalogue';

/** Shown while a route's code arrives. */
export function RouteFallback() {
  const { t } = useMessages(commonMessages);
  return (
    <div className={s.fallback}>
      <Spinner label={t('loading')} />
    </div>
  );
}
