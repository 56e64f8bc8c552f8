import { useMessages } from '@/src/i18n/i18n';
import { Alert, type AlertTone } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { marketplaceMessages } from './catalogue';
import * as s from './SponsorshipOffers.css';

export interface OffersProblemProps {
  tone: AlertTone;
  title: string;
  /** The server's message. */
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}

/** A read of the offers that failed, with the server's message and Try again. Loaded after the screen: it is rare. */
export function OffersProblem({ tone, title, message, onRetry, retrying = false, className }: OffersProblemProps) {
  const { t } = useMessages(marketplaceMessages);
  return (
    <Alert tone={tone} title={title} className={className}>
      <div className={s.status}>
        <p>{message}</p>
        <Button variant="secondary" size="sm" disabled={retrying} onClick={onRetry}>
          {t('offers.retry')}
        </Button>
      </div>
    </Alert>
  );
}
