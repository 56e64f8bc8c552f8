// A screen's first load as its machine reports it: a card with a spinner while loading, an error with "Try again"
// when it failed, nothing otherwise.
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Spinner } from '@/src/ui/Spinner';
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
  if (loading) {
    return (
      <Card className={s.loadingCard}>
        <Spinner label={`Loading ${what}`} />
      </Card>
    );
  }
  if (error === null) return null;
  return (
    <Alert tone="error" title={`The ${what} could not be loaded`}>
      <p>{error}</p>
      <Button variant="secondary" size="sm" className={s.retry} onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
