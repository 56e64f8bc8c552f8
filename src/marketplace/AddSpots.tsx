// A running campaign's room (issue 48 item 6): its spots and budget, what matching does to the room invitations need,
// and Add spots, which asks first as Launch does: what the added spots reserve, the balance now and after, and the
// budget after; a balance that cannot carry it offers Add Funds instead.
import { useMachine } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import type { Campaign } from '@/contract';
import { debtMessage } from '@/contract/debts';
import { OPEN_OFFERS_PER_SPOT } from '@/contract/marketplace';
import {
  selectSpotsBusy,
  selectSpotsCount,
  selectSpotsDialogOpen,
  selectSpotsError,
  selectSpotsFigures,
} from '@/machines/marketplace/addSpots.select';
import { inspect } from '@/src/app/inspect';
import { formatMoney } from '@/src/common/format';
import { Alert } from '@/src/ui/Alert';
import { AlertDialog } from '@/src/ui/AlertDialog';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Field } from '@/src/ui/Field';
import * as s from './advertiser.css';
import { useAddSpotsLogic, type AddSpotsLogic } from './addSpots';

/** What matching does to the room for invitations, in one sentence. */
export function matchingNote(autoMatch: boolean): string {
  return autoMatch
    ? `Matching is on: it offers this campaign to up to ${OPEN_OFFERS_PER_SPOT} creators per free spot, and those offers take the room your invitations need. Add spots to invite more.`
    : `Matching is off: only the creators you invite get offers (up to ${OPEN_OFFERS_PER_SPOT} per free spot).`;
}

/** The launch confirmation's word on matching: what it will do, and how to choose the creators instead. */
export function launchMatchingNote(autoMatch: boolean): string {
  return autoMatch
    ? `Matching is on: at launch it offers this campaign to up to ${OPEN_OFFERS_PER_SPOT} creators per spot, which takes the room for invitations. To choose your creators yourself, turn it off in Edit first.`
    : 'Matching is off: only the creators you invite from Find creators get offers.';
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
  return (
    <Card as="section" aria-labelledby="campaign-spots">
      <div className={s.spread}>
        <div>
          <h2 id="campaign-spots" className={s.rowTitle}>
            Spots
          </h2>
          <p className={s.muted}>
            {`${campaign.spots} ${campaign.spots === 1 ? 'spot' : 'spots'}, ${taken} taken · budget ${formatMoney(figures.budgetCents)}`}
          </p>
        </div>
        <Button variant="secondary" onClick={() => send({ type: 'spots.open' })}>
          Add Spots
        </Button>
      </div>
      <p className={s.muted}>{matchingNote(campaign.autoMatch)}</p>
      <AlertDialog
        open={selectSpotsDialogOpen(snapshot)}
        onOpenChange={(open) => {
          if (!open && !busy) send({ type: 'spots.close' });
        }}
        title="Add spots to this campaign?"
        description={`Each spot reserves ${formatMoney(campaign.payCents)} from your balance now, as the launch did; what no creator earns returns when the campaign ends or is cancelled.`}
        actionLabel={blocked ? 'Add Funds' : 'Yes, Add Spots'}
        cancelLabel="No, Not Now"
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
          label="Spots to add"
          name="spots"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={count}
          error={figures.invalid && count.trim() !== '' ? 'A whole number from 1' : undefined}
          onChange={(event) => send({ type: 'count.change', value: event.target.value })}
          disabled={busy}
        />
        <dl className={s.stats}>
          <div>
            <dt className={s.term}>Reserved now</dt>
            <dd className={s.value}>{figures.reserveCents === null ? '…' : formatMoney(figures.reserveCents)}</dd>
          </div>
          <div>
            <dt className={s.term}>Balance now</dt>
            <dd className={s.value}>{figures.balanceCents === null ? '…' : formatMoney(figures.balanceCents)}</dd>
          </div>
          <div>
            <dt className={s.term}>Balance after</dt>
            <dd className={s.value}>
              {figures.afterCents === null ? '…' : figures.short ? 'Not enough' : formatMoney(figures.afterCents)}
            </dd>
          </div>
          <div>
            <dt className={s.term}>Budget after</dt>
            <dd className={s.value}>
              {figures.budgetAfterCents === null ? '…' : formatMoney(figures.budgetAfterCents)}
            </dd>
          </div>
        </dl>
        {figures.owed ? (
          <Alert tone="warning">{debtMessage(figures.owed.cents, figures.owed.disputeOpen)}</Alert>
        ) : figures.short ? (
          <Alert tone="warning">
            Your balance does not cover this reservation: add funds first, or add fewer spots.
          </Alert>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </AlertDialog>
    </Card>
  );
}
