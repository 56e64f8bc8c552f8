import { useMachine, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Campaign, Offer } from '@/contract';
import {
  DELIVERY_STATUSES,
  THREAD_OPEN_STATUSES,
  type CampaignAction,
  type CampaignStatus,
  type MatchCriterion,
  type OfferStatus,
} from '@/contract/marketplace';
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
import { formatsIn, type Formats } from '@/src/common/format';
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
import { campaignStatus, creatorOrigin } from './labels';
import { OfferDeliverables } from './OfferDeliverables';
import { LaunchNeeds } from './LaunchNeeds';
import { AddSpots, debtText, launchMatchingNote, type CampaignWords } from './AddSpots';
import type { AddSpotsLogic } from './addSpots';
import type { AdvertiserChecklistLogic } from './advertiserChecklist';
import { askedDeliverables, asksBeyondOverlay } from './offerFormat';
import { marketplaceMessages } from './catalogue';
import { campaignMessages, type CampaignMessage } from './campaignCatalogue';
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
  const { t } = useMessages(campaignMessages);
  return (
    <div className={s.page}>
      <ScreenHeading title={campaign?.title ?? t('page.title')}>
        <div className={s.row}>
          <Button variant="secondary" asChild>
            <Link to="/campaigns">
              <Icon name="chevron-left" size={18} />
              {t('page.campaigns')}
            </Link>
          </Button>
          {campaign?.status === 'draft' ? (
            <Button variant="dashboard" asChild>
              <Link to={`/campaigns/${encodeURIComponent(campaign.id)}/edit`}>{t('page.edit')}</Link>
            </Button>
          ) : null}
          {campaign && campaign.status !== 'draft' ? (
            <Button variant="secondary" asChild>
              <Link to={`/campaigns/${encodeURIComponent(campaign.id)}/report`}>
                <Icon name="chart" size={18} />
                {t('page.report')}
              </Link>
            </Button>
          ) : null}
        </div>
      </ScreenHeading>
      <LoadState
        loading={selectDetailLoading(snapshot)}
        error={selectDetailFailed(snapshot) ? (selectDetailError(snapshot) ?? '') : null}
        what={t('page.loading')}
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
                {t('page.creators')}
              </h2>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => send({ type: 'campaign.reload' })}
                disabled={reloading}
                aria-busy={reloading || undefined}
              >
                {t('page.refresh')}
              </Button>
            </div>
            {selectDetailError(snapshot) ? <Alert tone="error">{selectDetailError(snapshot)}</Alert> : null}
            {offers.length === 0 ? (
              <p className={s.empty}>{campaign.status === 'draft' ? t('page.noneDraft') : t('page.none')}</p>
            ) : (
              groupOffers(offers).map((group) => (
                <section key={group.status} className={s.offerGroup} aria-labelledby={`offers-${group.status}`}>
                  <h3 id={`offers-${group.status}`} className={s.subTitle}>
                    {t('page.group', { status: t(OFFER_STATUS[group.status]), count: group.offers.length })}
                  </h3>
                  <ul className={s.offers} aria-label={t(OFFER_STATUS[group.status])}>
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
          title={
            threadOffer
              ? threadOffer.creator?.name
                ? t('page.threadWith', { name: threadOffer.creator.name })
                : t('page.threadWithCreator')
              : t('page.thread')
          }
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
  const { t, locale } = useMessages(campaignMessages);
  return (
    <AlertDialog
      open={asking !== null}
      onOpenChange={(open) => {
        if (!open && !sending) delivery.send({ type: 'delivery.dismiss' });
      }}
      title={t('delivery.title')}
      description={
        asking
          ? t('delivery.text', {
              creator: asking.creator?.name ?? t('delivery.theCreator'),
              title: asking.title,
              pay: formatsIn(locale).money(asking.payCents),
            })
          : ''
      }
      actionLabel={t('delivery.yes')}
      cancelLabel={t('delivery.no')}
      tone="primary"
      onAction={() => delivery.send({ type: 'delivery.confirm' })}
      onCancel={() => delivery.send({ type: 'delivery.dismiss' })}
      busy={sending}
    >
      {deliveryError ? <Alert tone="error">{deliveryError}</Alert> : null}
    </AlertDialog>
  );
}

const ACTIONS = {
  launch: 'controls.launch',
  pause: 'controls.pause',
  resume: 'controls.resume',
  cancel: 'controls.cancel',
} as const satisfies Record<CampaignAction, CampaignMessage>;

const CAMPAIGN_STATUS = {
  draft: 'campaignStatus.draft',
  active: 'campaignStatus.active',
  paused: 'campaignStatus.paused',
  completed: 'campaignStatus.completed',
  cancelled: 'campaignStatus.cancelled',
} as const satisfies Record<CampaignStatus, CampaignMessage>;

const OFFER_STATUS = {
  invited: 'offerStatus.invited',
  info_requested: 'offerStatus.info_requested',
  accepted: 'offerStatus.accepted',
  active: 'offerStatus.active',
  completed: 'offerStatus.completed',
  paid: 'offerStatus.paid',
  declined: 'offerStatus.declined',
  expired: 'offerStatus.expired',
} as const satisfies Record<OfferStatus, CampaignMessage>;

const CRITERION = {
  invitation: 'criterion.invitation',
  platform: 'criterion.platform',
  language: 'criterion.language',
  country: 'criterion.country',
  category: 'criterion.category',
  audience: 'criterion.audience',
} as const satisfies Record<MatchCriterion, CampaignMessage>;

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
  const { t } = useMessages(campaignMessages);
  return (
    <Card as="section" aria-labelledby="campaign-status">
      <div className={s.spread}>
        <div className={s.row}>
          <h2 id="campaign-status" className={s.rowTitle}>
            {t('controls.status')}
          </h2>
          <Chip tone={status.tone} data-testid="campaign-status">
            {t(CAMPAIGN_STATUS[campaign.status])}
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
                {t(ACTIONS[action])}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
      {campaign.status === 'draft' ? <LaunchNeeds campaign={campaign} checklist={checklist} /> : null}
      {error ? (
        <Alert tone="error" title={t('controls.failed')} className={s.retry}>
          {error}
        </Alert>
      ) : null}
      <AlertDialog
        open={selectCancelDialogOpen(snapshot)}
        onOpenChange={(open) => {
          if (!open && !busy) send({ type: 'cancel.dismiss' });
        }}
        title={t('cancel.title')}
        description={t('cancel.text')}
        actionLabel={t('cancel.yes')}
        cancelLabel={t('cancel.no')}
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
  const { t, locale } = useMessages(campaignMessages);
  const { money } = formatsIn(locale);
  return (
    <AlertDialog
      open={selectLaunchDialogOpen(snapshot)}
      onOpenChange={(open) => {
        if (!open && !busy) send({ type: 'launch.dismiss' });
      }}
      title={t('launch.title')}
      description={t('launch.text', {
        reserve: money(figures.reserveCents),
        pay: money(campaign.payCents),
        spots: campaign.spots,
      })}
      actionLabel={blocked ? t('funds.add') : t('launch.yes')}
      cancelLabel={t('launch.no')}
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
          <dt className={s.term}>{t('launch.reserved')}</dt>
          <dd className={s.value}>{money(figures.reserveCents)}</dd>
        </div>
        <div>
          <dt className={s.term}>{t('funds.balanceNow')}</dt>
          <dd className={s.value}>{figures.balanceCents === null ? '…' : money(figures.balanceCents)}</dd>
        </div>
        <div>
          <dt className={s.term}>{t('launch.after')}</dt>
          <dd className={s.value}>
            {figures.afterCents === null ? '…' : figures.short ? t('funds.notEnough') : money(figures.afterCents)}
          </dd>
        </div>
      </dl>
      {/* What matching will do to the room for invitations, while the brand can still switch it off (issue 48 item 6). */}
      <p className={s.muted}>{launchMatchingNote(t, campaign.autoMatch)}</p>
      {figures.owed ? (
        <Alert tone="warning">{debtText(t, money, figures.owed.cents, figures.owed.disputeOpen)}</Alert>
      ) : figures.short ? (
        <Alert tone="warning">{t('launch.short')}</Alert>
      ) : null}
    </AlertDialog>
  );
}

const listOr = (values: readonly string[], none: string) => (values.length ? values.join(', ') : none);

function CampaignDetails({ campaign }: { campaign: Campaign }) {
  const { targeting, deliverable } = campaign;
  // The deliverables' words from the catalogue the creator's cards share, the page's own from its catalogue.
  const words = useMessages(campaignMessages, marketplaceMessages);
  const { t } = words;
  const f = formatsIn(words.locale);
  const overlay = deliverable.overlay !== false;
  const rows: [string, string][] = [
    [t('details.brand'), campaign.brand],
    ...(campaign.perClickCents === null
      ? ([[t('details.payPerCreator'), f.money(campaign.payCents)]] as [string, string][])
      : ([
          [t('details.payPerClick'), f.money(campaign.perClickCents)],
          [t('details.capPerCreator'), f.money(campaign.payCents)],
        ] as [string, string][])),
    [t('details.spots'), f.count(campaign.spots)],
    [t('details.window'), f.dayRange(deliverable.startsOn, deliverable.endsOn)],
    // Only what the campaign asked for: the overlay's minutes and its disclosure with the overlay (issue 48 item 4).
    ...(overlay ? ([[t('details.overlayMinutes'), f.count(deliverable.minutes)]] as [string, string][]) : []),
    ...(asksBeyondOverlay(campaign)
      ? ([
          [
            t('details.deliverables'),
            askedDeliverables(campaign, words)
              .map((item) =>
                item.kind === 'overlay'
                  ? t('details.overlayItem', { name: item.name, asked: item.asked })
                  : t('details.item', { name: item.name, asked: item.asked }),
              )
              .join('; '),
          ],
        ] as [string, string][])
      : []),
    ...(overlay
      ? ([
          [t('details.disclosure'), deliverable.disclosure],
          [
            t('details.requireDisclosure'),
            deliverable.requiresDisclosure ? t('details.requireYes') : t('details.requireNo'),
          ],
        ] as [string, string][])
      : []),
    [t('details.platforms'), listOr(targeting.platforms, t('details.noneChosen'))],
    [t('details.languages'), listOr(targeting.languages, t('details.noneChosen'))],
    [t('details.countries'), listOr(targeting.countries, t('details.everyCountry'))],
    [t('details.categories'), listOr(targeting.categories, t('details.everyCategory'))],
    [
      t('details.minViewers'),
      targeting.minAvgViewers === null ? t('details.anyAudience') : f.count(targeting.minAvgViewers),
    ],
  ];
  return (
    <Card as="section" aria-labelledby="campaign-details">
      <h2 id="campaign-details" className={s.sectionTitle}>
        {t('details.title')}
      </h2>
      <div className={s.creative}>
        {campaign.image ? (
          <img src={apiUrl(campaign.image)} alt={t('details.creative')} className={s.creativeImage} />
        ) : (
          <div className={s.creativePlaceholder}>
            <Icon name="image" size={32} />
          </div>
        )}
        <p className={s.longText}>{campaign.description || t('details.noDescription')}</p>
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
function deliveredLine(t: CampaignWords, f: Formats, offer: Offer, completedAt: string): string {
  const values = { day: f.date(completedAt), pay: f.money(offer.payCents) };
  switch (offer.review?.status) {
    case 'pending':
      return t('offer.deliveredPending', { ...values, until: f.dateTime(offer.review.endsAt) });
    case 'held':
      return t('offer.deliveredHeld', values);
    case 'disputed':
      return t('offer.deliveredDisputed', values);
    case 'resolved':
      return t('offer.deliveredResolved', values);
    default:
      return t('offer.delivered', values);
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
  const { t, locale } = useMessages(campaignMessages);
  const f = formatsIn(locale);
  const creator = offer.creator;
  const name = creator?.name || t('offer.creator');
  const about = creatorOrigin(creator);
  const titleId = `offer-${offer.id}`;
  return (
    <Card as="li" padding="sm" aria-labelledby={titleId}>
      <div className={s.creator}>
        {/* A plain picture: the kit's Avatar stays in the shell's chunk. */}
        {creator?.image ? (
          <img src={apiUrl(creator.image)} alt="" width={40} height={40} className={s.creatorImage} />
        ) : null}
        <div>
          <h4 id={titleId} className={s.creatorName}>
            {name}
          </h4>
          {about ? <p className={s.muted}>{about}</p> : null}
        </div>
      </div>
      {creator?.typeContent ? <p className={s.muted}>{creator.typeContent}</p> : null}
      {offer.reasons.length > 0 ? (
        <ul className={s.reasons} aria-label={t('offer.why', { name })}>
          {offer.reasons.map((reason) => (
            <li key={reason.criterion}>
              <span className={s.reasonName}>{t('offer.reason', { criterion: t(CRITERION[reason.criterion]) })}</span>{' '}
              {reason.detail}
            </li>
          ))}
        </ul>
      ) : null}
      {offer.payCents !== offer.campaignPayCents ? (
        <p className={s.muted}>
          {t('offer.agreed', {
            pay: f.money(offer.payCents),
            minutes: offer.deliverable.minutes,
            campaignPay: f.money(offer.campaignPayCents),
          })}
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
          {offer.proposal.deliverableMinutes === null
            ? t('offer.countered', { pay: f.money(offer.proposal.payCents), name })
            : t('offer.counteredMinutes', {
                pay: f.money(offer.proposal.payCents),
                minutes: offer.proposal.deliverableMinutes,
                name,
              })}
        </p>
      ) : null}
      {asksBeyondOverlay(offer) || offer.progress ? (
        <OfferDeliverables offer={offer} viewer="advertiser" tone="light" heading="h5" />
      ) : null}
      {offer.status === 'declined' && offer.declineReason ? (
        <p className={s.muted}>{t('offer.declined', { reason: offer.declineReason })}</p>
      ) : null}
      {offer.completedAt ? (
        <p className={s.muted} data-testid="offer-delivered">
          {deliveredLine(t, f, offer, offer.completedAt)}
        </p>
      ) : null}
      <div className={s.row}>
        <Button variant="secondary" size="sm" onClick={onThread}>
          <Icon name="mail" size={16} />
          {offer.messageCount > 0 ? t('offer.messagesCount', { count: offer.messageCount }) : t('offer.messages')}
        </Button>
        {(DELIVERY_STATUSES as readonly string[]).includes(offer.status) ? (
          <Button variant="dashboard" size="sm" aria-describedby={titleId} onClick={onConfirmDelivery}>
            {t('offer.confirm')}
          </Button>
        ) : null}
        {offer.deliverable.chat && (PROOF_STATUSES as readonly string[]).includes(offer.status) ? (
          <Suspense fallback={null}>
            <OfferBot
              offerId={offer.id}
              title={name}
              readOnly
              label={t('offer.botPosts')}
              logic={botLogic}
              // The dialog read newer posts than the card shows: the page reads its offers again (issue 48 item 15).
              onProgress={(progress) => {
                if (progress.chat?.posts !== offer.progress?.chat?.posts) onReplied();
              }}
            />
          </Suspense>
        ) : null}
        {(PROOF_STATUSES as readonly string[]).includes(offer.status) ? (
          <Link to={`/offers/${encodeURIComponent(offer.id)}/proof`} className={s.proofLink} aria-describedby={titleId}>
            {offer.deliverable.overlay !== false ? t('offer.proofDisplay') : t('offer.proofDelivery')}
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
