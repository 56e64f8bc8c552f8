// A screen's first load as its machine reports it: a card with a spinner while loading, an error with "Try again"
// when it failed, nothing otherwise.
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Spinner } from '@/src/ui/Spinner';
import { useMessages } from '@/src/i18n/i18n';
import { commonMessages } from './catalogue';
import * as s from './LoadState.css';

export interface LoadStateProps {
  loading: boolean;
  /** The failure's text; null when the load has not failed. */
  error: string | null;
  /** What is loading, as the spinner announces it: "Loading <what>". */
  what: string;
  onRetry: () => void;
}

export function LoadState({ loading, error, what, onRetry }: LoadStateProps) {
  const { t } = useMessages(commonMessages);
  if (loading) {
    return (
      <Card className={s.loadingCard}>
        <Spinner label={t('loadState.loading', { what })} />
      </Card>
    );
  }
  if (error === null) return null;
  return (
    <Alert tone="error" title={t('loadState.failed', { what })}>
      <p>{error}</p>
      <Button variant="secondary" size="sm" className={s.retry} onClick={onRetry}>
        {t('loadState.retry')}
      </Button>
    </Alert>
  );
}
