import { useMessages } from '@/src/i18n/i18n';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { operatorMessages } from './catalogue';

/** A list of the operator console that could not be loaded, with Try again. */
export function Problem({ title, message, onRetry }: { title: string; message: string | null; onRetry: () => void }) {
  const { t } = useMessages(operatorMessages);
  return (
    <Alert tone="error" title={title}>
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('problem.retry')}
      </Button>
    </Alert>
  );
}
