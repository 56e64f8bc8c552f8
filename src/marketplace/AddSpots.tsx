// A running campaign's room (issue 48 item 6): its spots and budget, what matching does to the room invitations need,
// and Add spots, which asks first as Launch does: what the added spots reserve, the balance now and after, and the
// budget after; a balance that cannot carry it offers Add Funds instead.
import { useMachine } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import type { Campaign } from '@/contract';
import { OPEN_OFFERS_PER_SPOT } from '@/contract/marketplace';
import {
  selectSpotsBusy,
  selectSpotsCount,
  selectSpotsDialogOpen,
  selectSpotsError,
  selectSpotsFigures,
} from '@/machines/marketplace/addSpots.select';
import { inspect } from '@/src/app/inspect';
import { formatsIn } from '@/src/common/format';
import { useMessages, type MessageValues } from '@/src/i18n/i18n';
import { Alert } from '@/src/ui/Alert';
import { AlertDialog } from '@/src/ui/AlertDialog';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Field } from '@/src/ui/Field';
import * as s from './advertiser.css';
import { useAddSpotsLogic, type AddSpotsLogic } from './addSpots';
import { campaignMessages, type CampaignMessage } from './campaignCatalogue';

/** The `t` of a useMessages with campaignMessages. */
export type CampaignWords = (id: CampaignMessage, values?: MessageValues) => string;

/** What matching does to the room for invitations, in one sentence. */
export function matchingNote(t: CampaignWords, autoMatch: boolean): string {
  return autoMatch
    ? t('spots.matchingOn', { max: OPEN_OFFERS_PER_SPOT })
    : t('spots.matchingOff', { max: OPEN_OFFERS_PER_SPOT });
}

/** The launch confirmation's word on matching: what it will do, and how to choose the creators instead. */
export function launchMatchingNote(t: CampaignWords, autoMatch: boolean): string {
  return autoMatch ? t('launch.matchingOn', { max: OPEN_OFFERS_PER_SPOT }) : t('launch.matchingOff');
}

/**
 * Why refunds and launches wait (contract/debts.ts's debtMessage, in the screen's language): a card payment disputed
 * (still open) or lost, and what is owed, in US dollars the language's way (`money`).
 */
export function debtText(t: CampaignWords, money: (cents: number) => string, cents: number, open: boolean): string {
  return open ? t('funds.debtOpen', { owed: money(cents) }) : t('funds.debtLost', { owed: money(cents) });
}

export function AddSpots({
  campaign,
  logic,
  onChanged,
}: {
  campaign: Campaign;
  logic?: AddSpotsLogic;
  onChanged: (campaign: Campaign) => void;
}) {
  const [snapshot, send] = useMachine(useAddSpotsLogic(logic, onChanged), {
    input: { campaignId: campaign.id, payCents: campaign.payCents, spots: campaign.spots },
    inspect,
  });
  const navigate = useNavigate();
  const figures = selectSpotsFigures(snapshot);
  const busy = selectSpotsBusy(snapshot);
  const error = selectSpotsError(snapshot);
  const taken = campaign.offers.accepted + campaign.offers.active + campaign.offers.completed + campaign.offers.paid;
  // More spots the balance cannot carry (too little, or money owed first) would only be refused: Add Funds instead.
  const blocked = figures.short || figures.owed !== null;
  const count = selectSpotsCount(snapshot);
  const { t, locale } = useMessages(campaignMessages);
  const { money } = formatsIn(locale);
  return (
    <Card as="section" aria-labelledby="campaign-spots">
      <div className={s.spread}>
        <div>
          <h2 id="campaign-spots" className={s.rowTitle}>
            {t('spots.title')}
          </h2>
          <p className={s.muted}>
            {t('spots.summary', { spots: campaign.spots, taken, budget: money(figures.budgetCents) })}
          </p>
        </div>
        <Button variant="secondary" onClick={() => send({ type: 'spots.open' })}>
          {t('spots.add')}
        </Button>
      </div>
      <p className={s.muted}>{matchingNote(t, campaign.autoMatch)}</p>
      <AlertDialog
        open={selectSpotsDialogOpen(snapshot)}
        onOpenChange={(open) => {
          if (!open && !busy) send({ type: 'spots.close' });
        }}
        title={t('spots.dialogTitle')}
        description={t('spots.dialogText', { pay: money(campaign.payCents) })}
        actionLabel={blocked ? t('funds.add') : t('spots.yes')}
        cancelLabel={t('spots.no')}
        tone="primary"
        onAction={() => {
          if (!blocked) {
            send({ type: 'spots.confirm' });
            return;
          }
          send({ type: 'spots.close' });
          navigate('/campaigns#funds');
        }}
        onCancel={() => send({ type: 'spots.close' })}
        busy={busy || figures.reading || (!blocked && figures.invalid)}
      >
        <Field
          label={t('spots.count')}
          name="spots"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={count}
          error={figures.invalid && count.trim() !== '' ? t('spots.invalid') : undefined}
          onChange={(event) => send({ type: 'count.change', value: event.target.value })}
          disabled={busy}
        />
        <dl className={s.stats}>
          <div>
            <dt className={s.term}>{t('spots.reservedNow')}</dt>
            <dd className={s.value}>{figures.reserveCents === null ? '…' : money(figures.reserveCents)}</dd>
          </div>
          <div>
            <dt className={s.term}>{t('funds.balanceNow')}</dt>
            <dd className={s.value}>{figures.balanceCents === null ? '…' : money(figures.balanceCents)}</dd>
          </div>
          <div>
            <dt className={s.term}>{t('spots.balanceAfter')}</dt>
            <dd className={s.value}>
              {figures.afterCents === null ? '…' : figures.short ? t('funds.notEnough') : money(figures.afterCents)}
            </dd>
          </div>
          <div>
            <dt className={s.term}>{t('spots.budgetAfter')}</dt>
            <dd className={s.value}>{figures.budgetAfterCents === null ? '…' : money(figures.budgetAfterCents)}</dd>
          </div>
        </dl>
        {figures.owed ? (
          <Alert tone="warning">{debtText(t, money, figures.owed.cents, figures.owed.disputeOpen)}</Alert>
        ) : figures.short ? (
          <Alert tone="warning">{t('spots.short')}</Alert>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </AlertDialog>
    </Card>
  );
}
