import type { ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import {
  selectOutlookError,
  selectOutlookLoading,
  selectOutlookSteps,
} from '@/machines/marketplace/offersOutlook.select';
import { inspect } from '@/src/app/inspect';
import { useMessages } from '@/src/i18n/i18n';
import { Button } from '@/src/ui/Button';
import { marketplaceMessages } from './catalogue';
import { useOffersOutlookLogic, type OffersOutlookLogic } from './offersOutlook';
import * as s from './OffersOutlook.css';

/**
 * Newley Offers when empty (docs/product.md "Fair matching explained"): why no offers came and what would change it,
 * read from GET /api/offers/outlook. Until the answer (or when it fails) the tab's general text shows, `fallback`.
 */
export function OffersOutlook({ fallback, logic }: { fallback: ReactNode; logic?: OffersOutlookLogic }) {
  const [snapshot, send] = useMachine(useOffersOutlookLogic(logic), { inspect });
  const steps = selectOutlookSteps(snapshot);
  const error = selectOutlookError(snapshot);
  const { t } = useMessages(marketplaceMessages);
  if (selectOutlookLoading(snapshot) || steps.length === 0) {
    return (
      <div className={s.problem}>
        {fallback}
        {error ? (
          <p role="status">
            {t('offers.outlookFailed', { error })}{' '}
            <Button variant="secondary" size="sm" onClick={() => send({ type: 'outlook.retry' })}>
              {t('offers.retry')}
            </Button>
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <section className={s.outlook} aria-labelledby="offers-outlook-title">
      <p id="offers-outlook-title" className={s.lead}>
        {t('offers.outlookLead')}
      </p>
      <ul className={s.steps}>
        {steps.map((step) => (
          <li key={step.kind} className={s.step}>
            <h2 className={s.title}>{step.title}</h2>
            <p className={s.text}>{step.text}</p>
            {step.details.length > 0 ? (
              <ul className={s.details}>
                {step.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            ) : null}
            {step.link ? (
              <p className={s.text}>
                <Link to={step.link.to}>{step.link.label}</Link>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
