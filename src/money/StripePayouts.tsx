import { useMachine } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { StripeAccountState } from '@/contract/money';
import type { StripePayoutsEvent } from '@/machines/money/stripePayouts.machine';
import {
  selectStripe,
  selectStripeActionError,
  selectStripeCanCheck,
  selectStripeCanStart,
  selectStripeChecking,
  selectStripeLeaving,
  selectStripeLoadError,
  selectStripeLoading,
  selectStripeNeeds,
  selectStripeOffered,
  selectStripeRestriction,
} from '@/machines/money/stripePayouts.select';
import { inspect } from '@/src/app/inspect';
import { useStripePayoutsLogic, type StripePayoutsLogic } from '@/src/money/stripePayouts';
import { LoadState } from '@/src/common/LoadState';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { Icon } from '@/src/ui/Icon';
import { Link } from '@/src/ui/Link';
import { useMessages } from '@/src/i18n/i18n';
import * as s from '../accounts/account.css';
import { moneyMessages, type MoneyMessage } from './catalogue';

type Snapshot = SnapshotFrom<StripePayoutsLogic>;
type Send = (event: StripePayoutsEvent) => void;

/** The button that goes to Stripe, by where the account stands. */
const START_LABELS: Record<StripeAccountState, MoneyMessage> = {
  none: 'stripe.startNone',
  needs: 'stripe.startNeeds',
  restricted: 'stripe.startUpdate',
  complete: 'stripe.startUpdate',
};

/** Where the creator's Stripe account stands, in words: not started, what Stripe still needs, restricted, complete. */
function Standing({ snapshot }: { snapshot: Snapshot }) {
  const stripe = selectStripe(snapshot);
  const { t, locale } = useMessages(moneyMessages);
  if (!stripe) return null;
  if (stripe.state === 'none') return <p className={s.muted}>{t('stripe.none')}</p>;
  if (stripe.state === 'complete')
    return (
      <>
        <p className={s.methodChip}>
          <Chip tone="success" data-testid="stripe-chip">
            {t('stripe.complete')}
          </Chip>
        </p>
        <p className={s.muted}>{t('stripe.completeText')}</p>
      </>
    );
  if (stripe.state === 'needs')
    return (
      <div data-testid="stripe-needs">
        <p className={s.methodChip}>
          <Chip tone="warning">{t('stripe.notReady')}</Chip>
        </p>
        <p>{t('stripe.needs')}</p>
        <ul>
          {selectStripeNeeds(snapshot, locale).map((need) => (
            <li key={need}>{need}</li>
          ))}
        </ul>
      </div>
    );
  return (
    <div data-testid="stripe-restricted">
      <p className={s.methodChip}>
        <Chip tone="danger">{t('stripe.restricted')}</Chip>
      </p>
      <p>{t('stripe.restrictedText', { reason: selectStripeRestriction(snapshot, locale) })}</p>
    </div>
  );
}

function StartButton({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const stripe = selectStripe(snapshot);
  const leaving = selectStripeLeaving(snapshot);
  const { t } = useMessages(moneyMessages);
  return (
    <Button
      variant="dashboard"
      size="sm"
      disabled={!selectStripeCanStart(snapshot)}
      aria-busy={leaving || undefined}
      onClick={() => send({ type: 'stripe.start' })}
    >
      {leaving ? t('stripe.opening') : t(START_LABELS[stripe?.state ?? 'none'])}
    </Button>
  );
}

/** The Stripe card on Set Payout Method: shown only where the `stripe` payout rail is configured. */
export function StripePayoutCard({ logic }: { logic?: StripePayoutsLogic }) {
  const [snapshot, send] = useMachine(useStripePayoutsLogic(logic), { inspect, input: { restart: false } });
  const loadError = selectStripeLoadError(snapshot);
  const { t } = useMessages(moneyMessages);
  if (loadError !== null)
    return (
      <LoadState
        loading={false}
        error={loadError}
        what={t('stripe.loading')}
        onRetry={() => send({ type: 'stripe.retry' })}
      />
    );
  if (!selectStripeOffered(snapshot)) return null;
  const error = selectStripeActionError(snapshot);
  return (
    <Card as="section" aria-labelledby="payout-stripe" className={s.method}>
      <span className={s.methodIcon} aria-hidden="true">
        <Icon name="bank" size={28} />
      </span>
      <div className={s.methodText}>
        <h2 id="payout-stripe" className={s.sectionTitle}>
          Stripe
        </h2>
        <Standing snapshot={snapshot} />
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
      <div className={s.methodActions}>
        <StartButton snapshot={snapshot} send={send} />
      </div>
    </Card>
  );
}

/** Back from Stripe (/set-payout-method/stripe): where the creator stands; ?refresh=1 (an expired link) starts again. */
export function StripeReturnScreen({ logic }: { logic?: StripePayoutsLogic }) {
  const [params] = useSearchParams();
  const [snapshot, send] = useMachine(useStripePayoutsLogic(logic), {
    inspect,
    input: { restart: params.get('refresh') === '1' },
  });
  const stripe = selectStripe(snapshot);
  const error = selectStripeActionError(snapshot);
  const { t } = useMessages(moneyMessages);
  return (
    <div className={s.stack}>
      <ScreenHeading title={t('stripe.title')} />
      <LoadState
        loading={selectStripeLoading(snapshot)}
        error={selectStripeLoadError(snapshot)}
        what={t('stripe.loading')}
        onRetry={() => send({ type: 'stripe.retry' })}
      />
      {stripe && !stripe.available ? <Alert tone="info">{t('stripe.notOffered')}</Alert> : null}
      {stripe?.available ? (
        <Card as="section" aria-labelledby="stripe-standing" className={s.method}>
          <div className={s.methodText}>
            <h2 id="stripe-standing" className={s.sectionTitle}>
              {t('stripe.standing')}
            </h2>
            <Standing snapshot={snapshot} />
            {error ? <Alert tone="error">{error}</Alert> : null}
          </div>
          <div className={s.methodActions}>
            {stripe.state !== 'complete' ? <StartButton snapshot={snapshot} send={send} /> : null}
            <Button
              variant="secondary"
              size="sm"
              disabled={!selectStripeCanCheck(snapshot)}
              aria-busy={selectStripeChecking(snapshot) || undefined}
              onClick={() => send({ type: 'stripe.check' })}
            >
              {t('stripe.check')}
            </Button>
          </div>
        </Card>
      ) : null}
      <p>
        <Link to="/set-payout-method">{t('stripe.back')}</Link>
      </p>
    </div>
  );
}
