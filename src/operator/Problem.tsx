import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';

/** A list of the operator console that could not be loaded, with Try again. */
export function Problem({ title, message, onRetry }: { title: string; message: string | null; onRetry: () => void }) {
  return (
    <Alert tone="error" title={title}>
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
