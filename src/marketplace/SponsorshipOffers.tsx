import { lazy, Suspense, useCallback, useEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';
import { useMachine } from '@xstate/react';
import { Link, useLocation } from 'react-router-dom';
import type { Offer } from '@/contract';
import {
  OFFER_ACTIONS,
  OPEN_OFFER_STATUSES,
  THREAD_OPEN_STATUSES,
  type OfferAction,
  type OfferStatus,
  type OfferTab,
} from '@/contract/marketplace';
import {
  selectOffersError,
  selectOffersFailed,
  selectOffersLoading,
  selectOffersReady,
  selectOffersRefreshError,
  selectOffersRefreshing,
  selectOfferTab,
  selectOfferTabs,
  selectThreadOffer,
} from '@/machines/marketplace/offers.select';
import { inspect } from '@/src/app/inspect';
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { withTags } from '@/src/i18n/tags';
import type { OfferActionsLogic } from '@/src/marketplace/offerActions';
import type { CounterOfferLogic } from '@/src/marketplace/proposals';
import { useOffersLogic, type OffersLogic } from '@/src/marketplace/offers';
import { useOffersOutlookLogic, type OffersOutlookLogic } from '@/src/marketplace/offersOutlook';
import { selectOutlookSteps } from '@/machines/marketplace/offersOutlook.select';
import type { ThreadLogic } from '@/src/marketplace/thread';
import type { OfferBotLogic } from '@/src/deliverables/offerBot';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Icon } from '@/src/ui/Icon';
import { Spinner } from '@/src/ui/Spinner';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '@/src/ui/Tabs';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import * as shared from '@/src/shell/dashboard.css';
import { OfferDeliverables } from './OfferDeliverables';
import { marketplaceMessages, type MarketplaceMessage } from './catalogue';
import {
  asksBeyondOverlay,
  formatDeliverable,
  OFFER_IMAGE_PLACEHOLDER,
  offerImageSrc,
  type OfferWords,
} from './offerFormat';
import * as s from './SponsorshipOffers.css';
import { scrollTabIntoView } from './scrollTabIntoView';

// The cards' actions (their statechart and dialogs) and the thread dialog load beside the offers: the cards show at
// once, their buttons once this code is in, which the screen asks for as it mounts (the offers' read takes longer).
const loadLater = () => import('./later');
const OfferActions = lazy(() => loadLater().then((m) => ({ default: m.OfferActions })));
const CounterOffer = lazy(() => loadLater().then((m) => ({ default: m.CounterOffer })));
const ThreadDialog = lazy(() => loadLater().then((m) => ({ default: m.ThreadDialog })));
const OffersProblem = lazy(() => loadLater().then((m) => ({ default: m.OffersProblem })));
const OffersOutlook = lazy(() => loadLater().then((m) => ({ default: m.OffersOutlook })));
// An accepted offer's chat bot (docs/product.md §Deliverables) loads once a card has one.
const OfferBot = lazy(() => import('@/src/deliverables/OfferBot').then((m) => ({ default: m.OfferBot })));

/** The screen's flows; tests give controlled ones. */
export interface SponsorshipOffersLogics {
  offers?: OffersLogic;
  /** Every card's actions. */
  offerActions?: OfferActionsLogic;
  /** Every open card's counter-offer. */
  counterOffer?: CounterOfferLogic;
  thread?: ThreadLogic;
  /** Why no offers came, in an empty Newley Offers. */
  outlook?: OffersOutlookLogic;
  /** Every accepted card's chat bot. */
  offerBot?: OfferBotLogic;
}

/** Each tab's empty state: what is missing and why, and for new offers the actions that bring them (docs/user-guide.md). */
const EMPTY: Record<OfferTab, MarketplaceMessage> = {
  newley: 'offers.empty.newley',
  accepted: 'offers.empty.accepted',
  requested: 'offers.empty.requested',
};

/** The tabs' names (the spec's in English: "Newley Offers"). */
const TAB: Record<OfferTab, MarketplaceMessage> = {
  newley: 'offers.tab.newley',
  accepted: 'offers.tab.accepted',
  requested: 'offers.tab.requested',
};

function emptyText(tab: OfferTab, { t }: OfferWords): ReactNode {
  return withTags(t(EMPTY[tab]), {
    lead: (text) => <span>{text}</span>,
    connect: (text) => <Link to="/connect-accounts">{text}</Link>,
    profile: (text) => <Link to="/my-profile">{text}</Link>,
  });
}

/** How the statuses of the Accepted tab read on a card. */
const STAGE: Partial<Record<OfferStatus, MarketplaceMessage>> = {
  accepted: 'offers.stage.accepted',
  active: 'offers.stage.active',
  completed: 'offers.stage.completed',
  paid: 'offers.stage.paid',
};

const threadWritable = (offer: Offer) => (THREAD_OPEN_STATUSES as readonly OfferStatus[]).includes(offer.status);
/** Whether the creator can still act on the offer (OFFER_ACTIONS); the actions themselves load with their chunk. */
const actionable = (offer: Offer) =>
  Object.values(OFFER_ACTIONS).some((statuses) => (statuses as readonly OfferStatus[]).includes(offer.status));

/**
 * Sponsorship Offers (docs/spec.md §2, docs/product.md §Offers, threads, notifications): the creator's offers in three tabs; Accept, Decline (with an optional reason)
 * and Request More Information (a message to the advertiser) act and move the card; each card opens its thread.
 */
export function SponsorshipOffersScreen({ logic = {} }: { logic?: SponsorshipOffersLogics }) {
  const [snapshot, send] = useMachine(useOffersLogic(logic.offers), { inspect });
  const strip = useRef<HTMLDivElement>(null);
  const ready = selectOffersReady(snapshot);
  const tab = selectOfferTab(snapshot);
  const threadOffer = selectThreadOffer(snapshot);
  const refreshError = selectOffersRefreshError(snapshot);
  const refreshing = selectOffersRefreshing(snapshot);
  const tabs = selectOfferTabs(snapshot);
  // Whether the creator has no channel connected yet: the outlook says so (its "Connect a channel" step). An offer
  // with the overlay or the bot then says so before Accept (issue 48 item 16).
  const [outlook] = useMachine(useOffersOutlookLogic(logic.outlook), { inspect });
  const noChannel = selectOutlookSteps(outlook).some((step) => step.kind === 'channel');

  // The strip scrolls to the selected tab, whether the user chose it or an action moved there (300 ms, docs/spec.md §9).
  useEffect(() => {
    if (ready) scrollTabIntoView(strip.current, tab);
  }, [ready, tab]);

  useEffect(() => {
    void loadLater();
  }, []);

  // Back from Connect Accounts (issue 48 item 16): the offer the person left is brought into view.
  const { hash } = useLocation();
  useEffect(() => {
    if (ready && hash.startsWith('#offer-'))
      document.getElementById(hash.slice(1))?.scrollIntoView?.({ block: 'center' });
  }, [ready, hash]);

  const onChanged = useCallback(
    (offer: Offer, action: OfferAction | 'counter') => send({ type: 'offer.changed', offer, action }),
    [send],
  );
  const onStale = useCallback(() => send({ type: 'offers.refresh' }), [send]);
  const words = useMessages(marketplaceMessages);
  const { t } = words;

  return (
    <>
      <ScreenHeading title={t('offers.title')} />
      {selectOffersLoading(snapshot) ? <Spinner label={t('offers.loadingLabel')} /> : null}
      {selectOffersFailed(snapshot) ? (
        <Suspense fallback={<p role="alert">{t('offers.failedShort')}</p>}>
          <OffersProblem
            tone="error"
            title={t('offers.failed')}
            message={selectOffersError(snapshot) ?? ''}
            onRetry={() => send({ type: 'offers.retry' })}
          />
        </Suspense>
      ) : null}
      {ready ? (
        <>
          {refreshError ? (
            <Suspense fallback={null}>
              <OffersProblem
                tone="warning"
                title={t('offers.notUpdated')}
                message={refreshError}
                retrying={refreshing}
                onRetry={() => send({ type: 'offers.refresh' })}
                className={s.notice}
              />
            </Suspense>
          ) : null}
          <TabsRoot value={tab} onValueChange={(value) => send({ type: 'tab.select', tab: value as OfferTab })}>
            <TabsList aria-label={t('offers.tabs')} scrollRef={strip}>
              {tabs.map((item) => (
                <TabsTrigger key={item.value} value={item.value} data-value={item.value}>
                  {t(TAB[item.value])}
                </TabsTrigger>
              ))}
            </TabsList>
            {tabs.map((item) => (
              <TabsContent key={item.value} value={item.value}>
                {item.offers.length === 0 && item.value === 'newley' ? (
                  // Why no offers came, once its code and answer are in; the general text meanwhile.
                  <Suspense fallback={<p className={s.empty}>{emptyText('newley', words)}</p>}>
                    <OffersOutlook
                      fallback={<p className={s.empty}>{emptyText('newley', words)}</p>}
                      logic={logic.outlook}
                    />
                  </Suspense>
                ) : item.offers.length === 0 ? (
                  <p className={s.empty}>{emptyText(item.value, words)}</p>
                ) : (
                  <ul className={s.grid} aria-label={t(TAB[item.value])}>
                    {item.offers.map((offer) => (
                      // Keyed by status: an offer in a new status gets fresh actions.
                      <OfferCard
                        key={`${offer.id}:${offer.status}`}
                        offer={offer}
                        logic={logic.offerActions}
                        counterLogic={logic.counterOffer}
                        botLogic={logic.offerBot}
                        needsChannel={
                          noChannel && (offer.deliverable.overlay !== false || offer.deliverable.chat != null)
                        }
                        onChanged={onChanged}
                        onStale={onStale}
                        onThread={() => send({ type: 'thread.open', offerId: offer.id })}
                      />
                    ))}
                  </ul>
                )}
              </TabsContent>
            ))}
          </TabsRoot>
        </>
      ) : null}
      <Suspense fallback={null}>
        <ThreadDialog
          offerId={threadOffer?.id ?? null}
          title={threadOffer ? t('offers.conversationAbout', { title: threadOffer.title }) : t('offers.conversation')}
          writable={threadOffer ? threadWritable(threadOffer) : false}
          onClose={() => send({ type: 'thread.close' })}
          logic={logic.thread}
        />
      </Suspense>
    </>
  );
}

/** A creative that does not load gives way to the neutral picture (once). */
function showPlaceholder(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (!img.src.endsWith(OFFER_IMAGE_PLACEHOLDER)) img.src = OFFER_IMAGE_PLACEHOLDER;
}

interface OfferCardProps {
  offer: Offer;
  logic?: OfferActionsLogic;
  counterLogic?: CounterOfferLogic;
  botLogic?: OfferBotLogic;
  /** No channel connected and the offer asks for the overlay or the bot: said before Accept. */
  needsChannel?: boolean;
  onChanged: (offer: Offer, action: OfferAction | 'counter') => void;
  onThread: () => void;
  /** The card shows less than its chat bot's dialog read (issue 48 item 15): the list is read again. */
  onStale?: () => void;
}

/** One offer: image, brand, title, description, pay, deliverable, why it matched, and the actions its status allows. */
function OfferCard({
  offer,
  logic,
  counterLogic,
  botLogic,
  needsChannel,
  onChanged,
  onThread,
  onStale,
}: OfferCardProps) {
  const titleId = `offer-${offer.id}`;
  const stage = STAGE[offer.status];
  const onCounter = useCallback(
    (changed: Offer) => onChanged(changed, changed.status === 'accepted' ? 'accept' : 'counter'),
    [onChanged],
  );
  const words = useMessages(marketplaceMessages);
  const { t, locale } = words;
  const money = formatsIn(locale).money;
  return (
    <Card as="li" gradient padding="sm" className={s.card} aria-labelledby={titleId}>
      <img
        src={offerImageSrc(offer.image)}
        alt=""
        width={320}
        height={180}
        className={s.image}
        onError={showPlaceholder}
      />
      <div className={s.body}>
        <div className={s.heading}>
          <div className={s.brandRow}>
            {/* An invitation from brand search (docs/product.md §Discovery and negotiation) says so. */}
            <p className={s.brand}>
              {offer.origin === 'invitation' ? t('offers.invitation', { brand: offer.brand }) : offer.brand}
            </p>
            {stage ? <span className={s.stage}>{t(stage)}</span> : null}
          </div>
          <h2 id={titleId} className={`${shared.cardTitle} ${s.title}`}>
            {offer.title}
          </h2>
        </div>
        {offer.description ? <p className={s.text}>{offer.description}</p> : null}
        <dl className={s.facts}>
          <div>
            <dt className={s.term}>{t('offers.pay')}</dt>
            <dd className={`${s.value} ${s.pay}`}>
              {money(offer.payCents)}
              {offer.payCents !== offer.campaignPayCents ? (
                <span className={s.disclosure}>{t('offers.agreed', { pay: money(offer.campaignPayCents) })}</span>
              ) : null}
              {/* The pay under discussion is said where the pay is (issue 48 item 14). */}
              {offer.proposal?.status === 'open' ? (
                <span className={s.disclosure} data-testid="proposed-pay">
                  {offer.proposal.side === 'advertiser'
                    ? t('offers.theyPropose', { brand: offer.brand, pay: money(offer.proposal.payCents) })
                    : t('offers.youProposed', { pay: money(offer.proposal.payCents) })}
                </span>
              ) : null}
            </dd>
          </div>
          {offer.earnedCents !== null ? (
            <div>
              <dt className={s.term}>{t('offers.earned')}</dt>
              <dd className={s.value}>{earnedLine(offer, offer.earnedCents, words)}</dd>
            </div>
          ) : null}
          <div>
            <dt className={s.term}>{t('offers.deliverable')}</dt>
            <dd className={s.value}>
              {formatDeliverable(offer.deliverable, words)}
              {/* The overlay shows the disclosure: none to show without it (issue 48 item 4). */}
              {offer.deliverable.overlay !== false ? (
                <span className={s.disclosure}>{t('offers.disclosure', { text: offer.deliverable.disclosure })}</span>
              ) : null}
            </dd>
          </div>
        </dl>
        {/* Beyond overlay minutes, and once accepted: each deliverable with its progress (docs/product.md §Deliverables). */}
        {asksBeyondOverlay(offer) || offer.progress ? (
          <OfferDeliverables offer={offer} viewer="creator" tone="dark" buttonClassName={shared.ghostOnGradient} />
        ) : null}
        {offer.reasons.length > 0 ? (
          <section className={s.reasons} aria-labelledby={`${titleId}-why`}>
            <h3 id={`${titleId}-why`} className={s.reasonsTitle}>
              {t('offers.why')}
            </h3>
            <ul className={s.reasonList}>
              {offer.reasons.map((reason) => (
                <li key={reason.criterion}>{reason.detail}</li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <div className={s.actions}>
        {actionable(offer) ? (
          <Suspense fallback={null}>
            <OfferActions offer={offer} logic={logic} onChanged={onChanged} needsChannel={needsChannel} />
          </Suspense>
        ) : null}
        {(OPEN_OFFER_STATUSES as readonly OfferStatus[]).includes(offer.status) ? (
          <Suspense fallback={null}>
            {/* Keyed by the open round: a new proposal gets a fresh flow. */}
            <CounterOffer
              key={offer.proposal ? `${offer.proposal.round}:${offer.proposal.status}` : 'none'}
              offer={offer}
              logic={counterLogic}
              onChanged={onCounter}
            />
          </Suspense>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          className={shared.ghostOnGradient}
          aria-describedby={titleId}
          onClick={onThread}
        >
          <Icon name="mail" size={16} />
          {t('offers.viewConversation', { count: offer.messageCount })}
        </Button>
        {stage && offer.deliverable.chat ? (
          <Suspense fallback={null}>
            <OfferBot
              offerId={offer.id}
              title={offer.title}
              buttonClassName={shared.ghostOnGradient}
              logic={botLogic}
              onProgress={(progress) => {
                if (progress.chat?.posts !== offer.progress?.chat?.posts) onStale?.();
              }}
            />
          </Suspense>
        ) : null}
        {stage ? (
          // Accepted and after: the evidence of each deliverable asked for; "of display" where the overlay was asked for,
          // whose minutes it shows by day and session (docs/product.md §The overlay for OBS).
          <Link to={`/offers/${encodeURIComponent(offer.id)}/proof`} className={s.proofLink} aria-describedby={titleId}>
            <Icon name="chart" size={16} />
            {offer.deliverable.overlay !== false ? t('offers.proofOfDisplay') : t('offers.proofOfDelivery')}
          </Link>
        ) : null}
      </div>
    </Card>
  );
}

/**
 * Where an earning is: in the Earning Balance once it is there (confirmed by the brand, or released), otherwise what
 * its review window says — pending until its end, held for Castbridge's review, disputed, or resolved (the amount
 * paid then is in Earnings).
 */
function earnedLine(offer: Offer, earnedCents: number, { t, locale }: OfferWords): string {
  const f = formatsIn(locale);
  const earned = f.money(earnedCents);
  switch (offer.review?.status) {
    case 'pending':
      return t('offers.earnedPending', { earned, until: f.dateTime(offer.review.endsAt) });
    case 'held':
      return t('offers.earnedHeld', { earned });
    case 'disputed':
      return t('offers.earnedDisputed', { earned, brand: offer.brand });
    case 'resolved':
      return t('offers.earnedResolved', { earned });
    default:
      return t('offers.earnedInBalance', { earned });
  }
}
