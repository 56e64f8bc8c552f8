import { useMachine, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Campaign, Offer } from '@/contract';
import { debtMessage } from '@/contract/debts';
import { DELIVERY_STATUSES, THREAD_OPEN_STATUSES, type CampaignAction } from '@/contract/marketplace';
import {
  selectAskingOffer,
  selectDeliveryError,
  selectDeliverySending,
} from '@/machines/marketplace/deliveryConfirm.select';
import {
  selectAvailableActions,
  selectCancelDialogOpen,
  selectControlsBusy,
  selectControlsError,
  selectLaunchDialogOpen,
  selectLaunchFigures,
  selectRunningAction,
} from '@/machines/marketplace/campaignControls.select';
import type { CampaignControlsEvent } from '@/machines/marketplace/campaignControls.machine';
import {
  groupOffers,
  selectDetailCampaign,
  selectDetailError,
  selectDetailFailed,
  selectDetailLoading,
  selectDetailOffers,
  selectDetailReady,
  selectDeliveryConfirm,
  selectDetailDelivery,
  selectDetailReloading,
  selectThreadOffer,
} from '@/machines/marketplace/campaignDetail.select';
import { inspect } from '@/src/app/inspect';
import { formatCount, formatDate, formatDateTime, formatDayRange, formatMoney } from '@/src/common/format';
import { apiUrl } from '@/src/config';
import { useCampaignControlsLogic, type CampaignControlsLogic } from '@/src/marketplace/campaignControls';
import { DeliveryCard } from '@/src/marketplace/CampaignDelivery';
import { useCampaignDetailLogic, type CampaignDetailLogic } from '@/src/marketplace/campaignDetail';
import type { DeliveryConfirmLogic } from '@/src/marketplace/deliveryConfirm';
import type { ProposalReplyLogic } from '@/src/marketplace/proposals';
import type { ThreadLogic } from '@/src/marketplace/thread';
import type { OfferBotLogic } from '@/src/deliverables/offerBot';
import type { PromoCodesLogic } from '@/src/deliverables/promoCodes';
import { Alert } from '@/src/ui/Alert';
import { AlertDialog } from '@/src/ui/AlertDialog';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { Icon } from '@/src/ui/Icon';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import * as s from './advertiser.css';
import { campaignStatus, creatorOrigin, criterion, offerStatus } from './labels';
import { OfferDeliverables } from './OfferDeliverables';
import { LaunchNeeds } from './LaunchNeeds';
import { AddSpots, launchMatchingNote } from './AddSpots';
import type { AddSpotsLogic } from './addSpots';
import type { AdvertiserChecklistLogic } from './advertiserChecklist';
import { askedDeliverables, asksBeyondOverlay } from './offerFormat';
import { marketplaceMessages } from './catalogue';
import { useMessages } from '@/src/i18n/i18n';

/** Offers whose display the overlay may have counted: accepted and after (docs/product.md §The overlay for OBS). */
const PROOF_STATUSES = ['accepted', 'active', 'completed', 'paid'] as const;
import { LoadState } from '@/src/common/LoadState';

// The thread loads after the page is interactive: it is only needed once an offer's messages are opened.
const ThreadDialog = lazy(() => import('@/src/marketplace/ThreadDialog').then((m) => ({ default: m.ThreadDialog })));
// A creator's open counter-offer and its dialog load only when an offer has one (docs/product.md §Counter-offers).
const ProposalReply = lazy(() => import('@/src/marketplace/ProposalReply').then((m) => ({ default: m.ProposalReply })));
// An offer's bot posts, the proof of a chat deliverable (docs/product.md §Deliverables), load once an offer has them.
const OfferBot = lazy(() => import('@/src/deliverables/OfferBot').then((m) => ({ default: m.OfferBot })));
// Promo codes, the redemption key and the CSV upload (docs/product.md §Deliverables) load for a promo campaign only.
const PromoCodes = lazy(() => import('@/src/deliverables/PromoCodes').then((m) => ({ default: m.PromoCodes })));

export interface CampaignPageLogics {
  detail?: CampaignDetailLogic;
  controls?: CampaignControlsLogic;
  /** Add spots on a running campaign. */
  spots?: AddSpotsLogic;
  thread?: ThreadLogic;
  delivery?: DeliveryConfirmLogic;
  /** The answers to creators' counter-offers. */
  reply?: ProposalReplyLogic;
  /** Each offer's bot posts (read-only). */
  bot?: OfferBotLogic;
  /** The promo codes card. */
  promo?: PromoCodesLogic;
  /** The company profile's review, for a draft's launch needs. */
  checklist?: AdvertiserChecklistLogic;
}

/** /campaigns/:id (docs/product.md §Marketplace): the campaign, its controls, its matched creators with their reasons by offer status, and each offer's thread. */
export function CampaignPageScreen({ logic = {} }: { logic?: CampaignPageLogics }) {
  const { id = '' } = useParams();
  return <CampaignPage key={id} campaignId={id} logic={logic} />;
}

function CampaignPage({ campaignId, logic }: { campaignId: string; logic: CampaignPageLogics }) {
  // Confirming a delivery is the page actor's child: a confirmation reads the offers again (the statechart's link).
  const [snapshot, send, actorRef] = useMachine(useCampaignDetailLogic(logic.detail, logic.delivery), {
    input: { campaignId },
    inspect,
  });
  const campaign = selectDetailCampaign(snapshot);
  const offers = selectDetailOffers(snapshot);
  const threadOffer = selectThreadOffer(snapshot);
  const reloading = selectDetailReloading(snapshot);
  const onChanged = useCallback(
    (changed: Campaign) => actorRef.send({ type: 'campaign.updated', campaign: changed }),
    [actorRef],
  );
  const reload = useCallback(() => send({ type: 'campaign.reload' }), [send]);
  const delivery = selectDeliveryConfirm(snapshot);
  const figures = selectDetailDelivery(snapshot);
  return (
    <div className={s.page}>
      <ScreenHeading title={campaign?.title ?? 'Campaign'}>
        <div className={s.row}>
          <Button variant="secondary" asChild>
            <Link to="/campaigns">
              <Icon name="chevron-left" size={18} />
              Campaigns
            </Link>
          </Button>
          {campaign?.status === 'draft' ? (
            <Button variant="dashboard" asChild>
              <Link to={`/campaigns/${encodeURIComponent(campaign.id)}/edit`}>Edit</Link>
            </Button>
          ) : null}
          {campaign && campaign.status !== 'draft' ? (
            <Button variant="secondary" asChild>
              <Link to={`/campaigns/${encodeURIComponent(campaign.id)}/report`}>
                <Icon name="chart" size={18} />
                Report
              </Link>
            </Button>
          ) : null}
        </div>
      </ScreenHeading>
      <LoadState
        loading={selectDetailLoading(snapshot)}
        error={selectDetailFailed(snapshot) ? (selectDetailError(snapshot) ?? '') : null}
        what="campaign"
        onRetry={() => send({ type: 'campaign.retry' })}
      />
      {selectDetailReady(snapshot) && campaign ? (
        <>
          {/* Keyed by status: a changed campaign starts fresh controls. */}
          <CampaignControls
            key={`${campaign.id}:${campaign.status}`}
            campaign={campaign}
            logic={logic.controls}
            checklist={logic.checklist}
            onChanged={onChanged}
          />
          {campaign.status === 'active' || campaign.status === 'paused' ? (
            // Keyed by spots: added spots start a fresh dialog on the new figures.
            <AddSpots
              key={`${campaign.id}:${campaign.spots}`}
              campaign={campaign}
              logic={logic.spots}
              onChanged={onChanged}
            />
          ) : null}
          {figures ? <DeliveryCard figures={figures} /> : null}
          <CampaignDetails campaign={campaign} />
          {campaign.deliverable.promo && campaign.status !== 'draft' ? (
            <Suspense fallback={null}>
              <PromoCodes campaignId={campaign.id} logic={logic.promo} />
            </Suspense>
          ) : null}
          <Card as="section" aria-labelledby="campaign-creators">
            <div className={s.spread}>
              <h2 id="campaign-creators" className={s.sectionTitle}>
                Matched Creators
              </h2>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => send({ type: 'campaign.reload' })}
                disabled={reloading}
                aria-busy={reloading || undefined}
              >
                Refresh
              </Button>
            </div>
            {selectDetailError(snapshot) ? <Alert tone="error">{selectDetailError(snapshot)}</Alert> : null}
            {offers.length === 0 ? (
              <p className={s.empty}>
                {campaign.status === 'draft'
                  ? 'No matched creators yet. Creators are matched when the campaign is launched.'
                  : 'No matched creators yet.'}
              </p>
            ) : (
              groupOffers(offers).map((group) => (
                <section key={group.status} className={s.offerGroup} aria-labelledby={`offers-${group.status}`}>
                  <h3 id={`offers-${group.status}`} className={s.subTitle}>
                    {offerStatus[group.status]} ({group.offers.length})
                  </h3>
                  <ul className={s.offers} aria-label={offerStatus[group.status]}>
                    {group.offers.map((offer) => (
                      <OfferCard
                        key={offer.id}
                        offer={offer}
                        replyLogic={logic.reply}
                        botLogic={logic.bot}
                        onReplied={reload}
                        onThread={() => send({ type: 'thread.open', offerId: offer.id })}
                        onConfirmDelivery={() => delivery?.send({ type: 'delivery.ask', offerId: offer.id })}
                      />
                    ))}
                  </ul>
                </section>
              ))
            )}
          </Card>
        </>
      ) : null}
      {delivery ? <DeliveryDialog delivery={delivery} offers={offers} /> : null}
      <Suspense fallback={null}>
        <ThreadDialog
          offerId={threadOffer?.id ?? null}
          title={threadOffer ? `Conversation with ${threadOffer.creator?.name ?? 'the creator'}` : 'Conversation'}
          writable={threadOffer ? (THREAD_OPEN_STATUSES as readonly string[]).includes(threadOffer.status) : false}
          onClose={() => send({ type: 'thread.close' })}
          logic={logic.thread}
        />
      </Suspense>
    </div>
  );
}

/** Confirm Delivery's dialog, about the offer the child delivery confirmation asks about. */
function DeliveryDialog({ delivery, offers }: { delivery: ActorRefFrom<DeliveryConfirmLogic>; offers: Offer[] }) {
  const askingId = useSelector(delivery, selectAskingOffer);
  const asking = offers.find((offer) => offer.id === askingId) ?? null;
  const sending = useSelector(delivery, selectDeliverySending);
  const deliveryError = useSelector(delivery, selectDeliveryError);
  return (
    <AlertDialog
      open={asking !== null}
      onOpenChange={(open) => {
        if (!open && !sending) delivery.send({ type: 'delivery.dismiss' });
      }}
      title="Confirm delivery?"
      description={
        asking
          ? `${asking.creator?.name ?? 'The creator'} delivered "${asking.title}": they are paid ${formatMoney(asking.payCents)} from this campaign's reservation. This cannot be undone.`
          : ''
      }
      actionLabel="Yes, Confirm Delivery"
      cancelLabel="No, Not Yet"
      tone="primary"
      onAction={() => delivery.send({ type: 'delivery.confirm' })}
      onCancel={() => delivery.send({ type: 'delivery.dismiss' })}
      busy={sending}
    >
      {deliveryError ? <Alert tone="error">{deliveryError}</Alert> : null}
    </AlertDialog>
  );
}

const actionLabels: Record<CampaignAction, string> = {
  launch: 'Launch Campaign',
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel Campaign',
};

function CampaignControls({
  campaign,
  logic,
  checklist,
  onChanged,
}: {
  campaign: Campaign;
  logic?: CampaignControlsLogic;
  checklist?: AdvertiserChecklistLogic;
  onChanged: (campaign: Campaign) => void;
}) {
  const [snapshot, send] = useMachine(useCampaignControlsLogic(logic, onChanged), {
    input: { campaignId: campaign.id, status: campaign.status, reserveCents: campaign.payCents * campaign.spots },
    inspect,
  });
  const status = campaignStatus[campaign.status];
  const available = selectAvailableActions(snapshot);
  const busy = selectControlsBusy(snapshot);
  const running = selectRunningAction(snapshot);
  const error = selectControlsError(snapshot);
  return (
    <Card as="section" aria-labelledby="campaign-status">
      <div className={s.spread}>
        <div className={s.row}>
          <h2 id="campaign-status" className={s.rowTitle}>
            Status
          </h2>
          <Chip tone={status.tone} data-testid="campaign-status">
            {status.label}
          </Chip>
        </div>
        {available.length > 0 ? (
          <div className={s.row}>
            {available.map((action) => (
              <Button
                key={action}
                variant={action === 'cancel' ? 'danger' : action === 'launch' ? 'dashboard' : 'secondary'}
                disabled={busy}
                aria-busy={running === action || undefined}
                onClick={() => send({ type: 'control.run', action })}
              >
                {actionLabels[action]}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
      {campaign.status === 'draft' ? <LaunchNeeds campaign={campaign} checklist={checklist} /> : null}
      {error ? (
        <Alert tone="error" title="The campaign did not change" className={s.retry}>
          {error}
        </Alert>
      ) : null}
      <AlertDialog
        open={selectCancelDialogOpen(snapshot)}
        onOpenChange={(open) => {
          if (!open && !busy) send({ type: 'cancel.dismiss' });
        }}
        title="Cancel this campaign?"
        description="Its open offers expire and what no creator has earned is released. This cannot be undone."
        actionLabel="Yes, Cancel Campaign"
        cancelLabel="No, Keep It"
        onAction={() => send({ type: 'cancel.confirm' })}
        onCancel={() => send({ type: 'cancel.dismiss' })}
        busy={busy}
      />
      <LaunchDialog campaign={campaign} snapshot={snapshot} send={send} busy={busy} />
    </Card>
  );
}

/**
 * Launch asks first (docs/product.md §Advertiser onboarding): launching moves pay × spots out of the free balance, so the dialog
 * shows the amount reserved, the balance and what is left after it.
 */
function LaunchDialog({
  campaign,
  snapshot,
  send,
  busy,
}: {
  campaign: Campaign;
  snapshot: SnapshotFrom<CampaignControlsLogic>;
  send: (event: CampaignControlsEvent) => void;
  busy: boolean;
}) {
  const figures = selectLaunchFigures(snapshot);
  const navigate = useNavigate();
  // A launch the balance cannot carry (too little, or money owed first) would only be refused: the dialog's action
  // is then Add Funds, which goes to Funds on Campaigns (issue 48 item 10).
  const blocked = figures.short || figures.owed !== null;
  return (
    <AlertDialog
      open={selectLaunchDialogOpen(snapshot)}
      onOpenChange={(open) => {
        if (!open && !busy) send({ type: 'launch.dismiss' });
      }}
      title="Launch this campaign?"
      description={`Launching reserves ${formatMoney(figures.reserveCents)} (${formatMoney(campaign.payCents)} × ${campaign.spots} ${campaign.spots === 1 ? 'spot' : 'spots'}) from your balance; what no creator earns returns when the campaign ends or is cancelled.`}
      actionLabel={blocked ? 'Add Funds' : 'Yes, Launch'}
      cancelLabel="No, Not Yet"
      tone="primary"
      onAction={() => {
        if (!blocked) {
          send({ type: 'launch.confirm' });
          return;
        }
        send({ type: 'launch.dismiss' });
        navigate('/campaigns#funds');
      }}
      onCancel={() => send({ type: 'launch.dismiss' })}
      busy={busy || figures.reading}
    >
      <dl className={s.stats}>
        <div>
          <dt className={s.term}>Reserved at launch</dt>
          <dd className={s.value}>{formatMoney(figures.reserveCents)}</dd>
        </div>
        <div>
          <dt className={s.term}>Balance now</dt>
          <dd className={s.value}>{figures.balanceCents === null ? '…' : formatMoney(figures.balanceCents)}</dd>
        </div>
        <div>
          <dt className={s.term}>Balance after launch</dt>
          <dd className={s.value}>
            {figures.afterCents === null ? '…' : figures.short ? 'Not enough' : formatMoney(figures.afterCents)}
          </dd>
        </div>
      </dl>
      {/* What matching will do to the room for invitations, while the brand can still switch it off (issue 48 item 6). */}
      <p className={s.muted}>{launchMatchingNote(campaign.autoMatch)}</p>
      {figures.owed ? (
        <Alert tone="warning">{debtMessage(figures.owed.cents, figures.owed.disputeOpen)}</Alert>
      ) : figures.short ? (
        <Alert tone="warning">
          Your balance does not cover this reservation: add funds first, or lower the pay or the spots.
        </Alert>
      ) : null}
    </AlertDialog>
  );
}

const listOr = (values: readonly string[], none: string) => (values.length ? values.join(', ') : none);

function CampaignDetails({ campaign }: { campaign: Campaign }) {
  const { targeting, deliverable } = campaign;
  // The deliverables' words: English on this screen (its route is English only), from the catalogue the creator's cards share.
  const words = useMessages(marketplaceMessages);
  const overlay = deliverable.overlay !== false;
  const rows: [string, string][] = [
    ['Brand', campaign.brand],
    ...(campaign.perClickCents === null
      ? ([['Pay per creator', formatMoney(campaign.payCents)]] as [string, string][])
      : ([
          ['Pay per click', formatMoney(campaign.perClickCents)],
          ['Cap per creator', formatMoney(campaign.payCents)],
        ] as [string, string][])),
    ['Spots', String(campaign.spots)],
    ['Window', formatDayRange(deliverable.startsOn, deliverable.endsOn)],
    // Only what the campaign asked for: the overlay's minutes and its disclosure with the overlay (issue 48 item 4).
    ...(overlay ? ([['Overlay minutes', formatCount(deliverable.minutes)]] as [string, string][]) : []),
    ...(asksBeyondOverlay(campaign)
      ? ([
          [
            'Deliverables',
            askedDeliverables(campaign, words)
              .map((item) => `${item.name}${item.kind === 'overlay' ? ' ' : ': '}${item.asked}`)
              .join('; '),
          ],
        ] as [string, string][])
      : []),
    ...(overlay
      ? ([
          ['Disclosure', deliverable.disclosure],
          [
            'Require disclosure (#ad)',
            deliverable.requiresDisclosure ? 'Yes: minutes count only while the stream is marked as sponsored' : 'No',
          ],
        ] as [string, string][])
      : []),
    ['Platforms', listOr(targeting.platforms, 'None chosen')],
    ['Broadcasting languages', listOr(targeting.languages, 'None chosen')],
    ['Countries', listOr(targeting.countries, 'Every country')],
    ['Content categories', listOr(targeting.categories, 'Every category')],
    [
      'Minimum average viewers',
      targeting.minAvgViewers === null ? 'Any audience' : formatCount(targeting.minAvgViewers),
    ],
  ];
  return (
    <Card as="section" aria-labelledby="campaign-details">
      <h2 id="campaign-details" className={s.sectionTitle}>
        Details
      </h2>
      <div className={s.creative}>
        {campaign.image ? (
          <img src={apiUrl(campaign.image)} alt="Campaign creative" className={s.creativeImage} />
        ) : (
          <div className={s.creativePlaceholder}>
            <Icon name="image" size={32} />
          </div>
        )}
        <p className={s.longText}>{campaign.description || 'No description.'}</p>
      </div>
      <dl className={`${s.factsWide} ${s.spaced}`}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className={s.term}>{label}</dt>
            <dd className={s.value}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/**
 * A completed offer's line: paid at once when the advertiser confirmed it; proved by the counts, its earning waits
 * out the review window the server opened (its end read from the review, issue 48 item 3) until it is released.
 */
function deliveredLine(offer: Offer, completedAt: string): string {
  const delivered = `Delivered ${formatDate(completedAt)}`;
  const pay = formatMoney(offer.payCents);
  switch (offer.review?.status) {
    case 'pending':
      return `${delivered}: ${pay} in review until ${formatDateTime(offer.review.endsAt)}, then paid to the creator`;
    case 'held':
      return `${delivered}: ${pay} held for a review by Castbridge before it is paid`;
    case 'disputed':
      return `${delivered}: ${pay} disputed; Castbridge decides what is paid`;
    case 'resolved':
      return `${delivered}: resolved by Castbridge`;
    default:
      return `${delivered}: paid ${pay}`;
  }
}

function OfferCard({
  offer,
  replyLogic,
  botLogic,
  onReplied,
  onThread,
  onConfirmDelivery,
}: {
  offer: Offer;
  replyLogic?: ProposalReplyLogic;
  botLogic?: OfferBotLogic;
  onReplied: () => void;
  onThread: () => void;
  onConfirmDelivery: () => void;
}) {
  const creator = offer.creator;
  const name = creator?.name || 'Creator';
  const about = creatorOrigin(creator);
  return (
    <Card as="li" padding="sm" aria-labelledby={`offer-${offer.id}`}>
      <div className={s.creator}>
        {/* A plain picture: the kit's Avatar stays in the shell's chunk. */}
        {creator?.image ? (
          <img src={apiUrl(creator.image)} alt="" width={40} height={40} className={s.creatorImage} />
        ) : null}
        <div>
          <h4 id={`offer-${offer.id}`} className={s.creatorName}>
            {name}
          </h4>
          {about ? <p className={s.muted}>{about}</p> : null}
        </div>
      </div>
      {creator?.typeContent ? <p className={s.muted}>{creator.typeContent}</p> : null}
      {offer.reasons.length > 0 ? (
        <ul className={s.reasons} aria-label={`Why ${name} matched`}>
          {offer.reasons.map((reason) => (
            <li key={reason.criterion}>
              <span className={s.reasonName}>{criterion[reason.criterion]}:</span> {reason.detail}
            </li>
          ))}
        </ul>
      ) : null}
      {offer.payCents !== offer.campaignPayCents ? (
        <p className={s.muted}>
          Agreed pay {formatMoney(offer.payCents)} for {formatCount(offer.deliverable.minutes)} minutes (the campaign
          pays {formatMoney(offer.campaignPayCents)})
        </p>
      ) : null}
      {offer.proposal?.side === 'creator' ? (
        <Suspense fallback={null}>
          {/* Keyed by round: a new proposal gets a fresh answer. */}
          <ProposalReply
            key={offer.proposal.round}
            offer={offer}
            proposal={offer.proposal}
            creatorName={name}
            logic={replyLogic}
            onChanged={onReplied}
          />
        </Suspense>
      ) : offer.proposal ? (
        <p className={s.muted}>
          You countered with {formatMoney(offer.proposal.payCents)}
          {offer.proposal.deliverableMinutes === null
            ? ''
            : ` for ${formatCount(offer.proposal.deliverableMinutes)} minutes`}
          : waiting for {name}’s answer.
        </p>
      ) : null}
      {asksBeyondOverlay(offer) || offer.progress ? (
        <OfferDeliverables offer={offer} viewer="advertiser" tone="light" heading="h5" />
      ) : null}
      {offer.status === 'declined' && offer.declineReason ? (
        <p className={s.muted}>Declined: {offer.declineReason}</p>
      ) : null}
      {offer.completedAt ? (
        <p className={s.muted} data-testid="offer-delivered">
          {deliveredLine(offer, offer.completedAt)}
        </p>
      ) : null}
      <div className={s.row}>
        <Button variant="secondary" size="sm" onClick={onThread}>
          <Icon name="mail" size={16} />
          {offer.messageCount > 0 ? `Messages (${offer.messageCount})` : 'Messages'}
        </Button>
        {(DELIVERY_STATUSES as readonly string[]).includes(offer.status) ? (
          <Button variant="dashboard" size="sm" aria-describedby={`offer-${offer.id}`} onClick={onConfirmDelivery}>
            Confirm Delivery
          </Button>
        ) : null}
        {offer.deliverable.chat && (PROOF_STATUSES as readonly string[]).includes(offer.status) ? (
          <Suspense fallback={null}>
            <OfferBot
              offerId={offer.id}
              title={name}
              readOnly
              label="Bot posts"
              logic={botLogic}
              // The dialog read newer posts than the card shows: the page reads its offers again (issue 48 item 15).
              onProgress={(progress) => {
                if (progress.chat?.posts !== offer.progress?.chat?.posts) onReplied();
              }}
            />
          </Suspense>
        ) : null}
        {(PROOF_STATUSES as readonly string[]).includes(offer.status) ? (
          <Link
            to={`/offers/${encodeURIComponent(offer.id)}/proof`}
            className={s.proofLink}
            aria-describedby={`offer-${offer.id}`}
          >
            {offer.deliverable.overlay !== false ? 'Proof of display' : 'Proof of delivery'}
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
