import { useMachine } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Campaign, FundingDetails } from '@/contract';
import type { CampaignStatus } from '@/contract/marketplace';
import {
  deliveryFigures,
  offerCounts,
  selectCampaigns,
  selectCampaignsError,
  selectCampaignsFailed,
  selectCampaignsLoading,
  selectCampaignsReady,
} from '@/machines/marketplace/campaignList.select';
import { inspect } from '@/src/app/inspect';
import { formatsIn } from '@/src/common/format';
import { useCampaignListLogic, type CampaignListLogic } from '@/src/marketplace/campaignList';
import { DeliveryLine } from '@/src/marketplace/CampaignDelivery';
import { useAdvertiserFundsLogic, type AdvertiserFundsLogic } from '@/src/money/advertiserFunds';
import {
  selectFunds,
  selectFundsLoadError,
  selectFundsLoading,
  selectAddFunds,
  selectDepositReturn,
  selectFundsRefund,
  selectTransfer,
} from '@/machines/money/advertiserFunds.select';
import type { FundsFlowsLogic } from '@/src/money/addFunds';
import {
  CardPayments,
  FundsActions,
  HeldAmounts,
  OwedNotice,
  PaymentReturnNotice,
  useDepositReturnQuery,
} from '@/src/money/FundsParts';
import {
  selectChecklistDraftId,
  selectChecklistError,
  selectChecklistLoading,
  selectChecklistSteps,
  type ChecklistStep,
  type ChecklistStepId,
  type ChecklistStepState,
} from '@/machines/marketplace/advertiserChecklist.select';
import { useAdvertiserChecklistLogic, type AdvertiserChecklistLogic } from '@/src/marketplace/advertiserChecklist';
import { Link as TextLink } from '@/src/ui/Link';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip, type ChipTone } from '@/src/ui/Chip';
import { Icon } from '@/src/ui/Icon';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import * as s from './advertiser.css';
import { campaignStatus } from './labels';
import { LoadState } from '@/src/common/LoadState';
import type { CampaignReachLogic } from '@/src/analytics/campaignReach';
import { useMessages } from '@/src/i18n/i18n';
import { withTags } from '@/src/i18n/tags';
import { advertiserMessages, type AdvertiserMessage } from './advertiserCatalogue';

// The reach card's table and range choice load after the screen, keeping the route within its bundle budget.
const ReachCard = lazy(() => import('../analytics/CampaignReach').then((m) => ({ default: m.ReachCard })));

export interface CampaignsScreenLogic {
  list?: CampaignListLogic;
  funds?: AdvertiserFundsLogic;
  /** The Funds card's flows: Add funds, the payment come back from, Refund unspent funds. */
  fundsFlows?: FundsFlowsLogic;
  reach?: CampaignReachLogic;
  checklist?: AdvertiserChecklistLogic;
}

/**
 * Campaigns (docs/product.md §Marketplace): until the first launch, the checklist of what comes first (docs/product.md §Advertiser
 * onboarding); the advertiser's funds (docs/product.md §Money), their reach per campaign (docs/product.md §Analytics), then their campaigns with
 * status, pay, spots and offers; New Campaign opens the editor.
 */
export function CampaignsScreen({ logic = {} }: { logic?: CampaignsScreenLogic }) {
  const [snapshot, send] = useMachine(useCampaignListLogic(logic.list), { inspect });
  const campaigns = selectCampaigns(snapshot);
  const { t } = useMessages(advertiserMessages);
  return (
    <div className={s.page}>
      <ScreenHeading title={t('campaigns.title')}>
        <Button variant="dashboard" asChild>
          <Link to="/campaigns/new">
            <Icon name="plus" size={18} />
            {t('campaigns.new')}
          </Link>
        </Button>
      </ScreenHeading>
      <ChecklistCard logic={logic.checklist} />
      <FundsCard logic={logic.funds} flows={logic.fundsFlows} />
      <Suspense fallback={null}>
        <ReachCard logic={logic.reach} />
      </Suspense>
      <LoadState
        loading={selectCampaignsLoading(snapshot)}
        error={selectCampaignsFailed(snapshot) ? (selectCampaignsError(snapshot) ?? '') : null}
        what={t('campaigns.loading')}
        onRetry={() => send({ type: 'campaigns.retry' })}
      />
      {selectCampaignsReady(snapshot) && campaigns.length === 0 ? (
        <Card>
          <p className={s.empty}>{t('campaigns.empty')}</p>
        </Card>
      ) : null}
      {campaigns.length > 0 ? (
        <ul className={s.list} aria-label={t('campaigns.title')}>
          {campaigns.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** What each step asks for, with where to do it (docs/product.md §Advertiser onboarding). */
const STEP_TEXT = {
  profile: { title: 'checklist.profile', hint: 'checklist.profileHint' },
  approval: { title: 'checklist.approval', hint: 'checklist.approvalHint' },
  funds: { title: 'checklist.funds', hint: 'checklist.fundsHint' },
  campaign: { title: 'checklist.campaign', hint: 'checklist.campaignHint' },
  launch: { title: 'checklist.launch', hint: 'checklist.launchHint' },
} as const satisfies Record<ChecklistStepId, { title: AdvertiserMessage; hint: AdvertiserMessage }>;

const STATE_CHIP = {
  done: { label: 'checklist.done', tone: 'success' },
  todo: { label: 'checklist.todo', tone: 'neutral' },
  waiting: { label: 'checklist.waiting', tone: 'warning' },
  refused: { label: 'checklist.refused', tone: 'danger' },
} as const satisfies Record<ChecklistStepState, { label: AdvertiserMessage; tone: ChipTone }>;

/** How each campaign status reads on its card (the tones of ./labels.ts's campaignStatus). */
const CAMPAIGN_STATUS = {
  draft: 'campaigns.status.draft',
  active: 'campaigns.status.active',
  paused: 'campaigns.status.paused',
  completed: 'campaigns.status.completed',
  cancelled: 'campaigns.status.cancelled',
} as const satisfies Record<CampaignStatus, AdvertiserMessage>;

/** Where a step is done: null when there is nothing to open (the review is Castbridge's). */
function stepLink(step: ChecklistStep, draftId: string | null): { to: string; label: AdvertiserMessage } | null {
  if (step.state === 'done') return null;
  switch (step.id) {
    case 'profile':
      return { to: '/company-profile', label: 'checklist.openProfile' };
    case 'approval':
      return step.state === 'refused' ? { to: '/company-profile', label: 'checklist.seeWhy' } : null;
    case 'funds':
      return { to: '#funds', label: 'checklist.seeFunds' };
    case 'campaign':
      return { to: '/campaigns/new', label: 'checklist.newCampaign' };
    case 'launch':
      return draftId ? { to: `/campaigns/${encodeURIComponent(draftId)}`, label: 'checklist.openDraft' } : null;
  }
}

/** Getting started: company profile → approval → funds → campaign → launch, each step's state, until the first launch. */
function ChecklistCard({ logic }: { logic?: AdvertiserChecklistLogic }) {
  const [snapshot, send] = useMachine(useAdvertiserChecklistLogic(logic), { inspect });
  const steps = selectChecklistSteps(snapshot);
  const draftId = selectChecklistDraftId(snapshot);
  const loading = selectChecklistLoading(snapshot);
  const error = selectChecklistError(snapshot);
  const { t } = useMessages(advertiserMessages);
  if (loading || error !== null)
    return (
      <LoadState
        loading={loading}
        error={error}
        what={t('checklist.loading')}
        onRetry={() => send({ type: 'checklist.retry' })}
      />
    );
  if (!steps) return null;
  return (
    <Card as="section" aria-labelledby="checklist-title">
      <h2 id="checklist-title" className={s.sectionTitle}>
        {t('checklist.title')}
      </h2>
      <p className={s.muted}>{t('checklist.intro')}</p>
      <ol className={`${s.checklist} ${s.spacedSm}`} aria-label={t('checklist.title')}>
        {steps.map((step) => {
          const text = STEP_TEXT[step.id];
          const chip = STATE_CHIP[step.state];
          const link = stepLink(step, draftId);
          return (
            <li key={step.id} className={s.checkStep} aria-current={step.current ? 'step' : undefined}>
              <div className={s.spread}>
                <span className={s.checkTitle}>{t(text.title)}</span>
                <Chip tone={chip.tone}>{t(chip.label)}</Chip>
              </div>
              <p className={s.muted}>{t(text.hint)}</p>
              {link ? (
                link.to.startsWith('#') ? (
                  <a href={link.to} className={s.checkLink}>
                    {t(link.label)}
                  </a>
                ) : (
                  <TextLink to={link.to} className={s.checkLink}>
                    {t(link.label)}
                  </TextLink>
                )
              ) : null}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

/**
 * The balance free to reserve, what campaigns, refunds and card disputes hold, the payment come back from, Add funds
 * and Refund unspent funds, the card payments, and the latest deposits.
 */
function FundsCard({ logic, flows }: { logic?: AdvertiserFundsLogic; flows?: FundsFlowsLogic }) {
  const [snapshot, send] = useMachine(useAdvertiserFundsLogic(logic, flows), { inspect });
  const funds = selectFunds(snapshot);
  const transfer = selectTransfer(snapshot);
  const depositReturn = selectDepositReturn(snapshot);
  useDepositReturnQuery(depositReturn);
  const loading = selectFundsLoading(snapshot);
  const error = selectFundsLoadError(snapshot);
  // Arriving at /campaigns#funds (Add Funds in a launch or an offer's reply) brings the card into view once it shows.
  const { hash } = useLocation();
  const shown = Boolean(funds);
  useEffect(() => {
    if (hash === '#funds' && shown) document.getElementById('funds')?.scrollIntoView({ block: 'start' });
  }, [hash, shown]);
  const { t, locale } = useMessages(advertiserMessages);
  if (loading || error !== null)
    return (
      <LoadState
        loading={loading}
        error={error}
        what={t('funds.loading')}
        onRetry={() => send({ type: 'funds.retry' })}
      />
    );
  if (!funds) return null;
  const f = formatsIn(locale);
  return (
    <Card as="section" id="funds" aria-labelledby="funds-title">
      <h2 id="funds-title" className={s.sectionTitle}>
        {t('funds.title')}
      </h2>
      <PaymentReturnNotice actorRef={depositReturn} />
      <OwedNotice funds={funds} />
      <dl className={s.stats}>
        <div>
          <dt className={s.term}>{t('funds.balance')}</dt>
          <dd className={s.value}>{f.money(funds.balanceCents)}</dd>
        </div>
        <div>
          <dt className={s.term}>{t('funds.reserved')}</dt>
          <dd className={s.value}>{f.money(funds.reservedCents)}</dd>
        </div>
        <HeldAmounts funds={funds} />
      </dl>
      <p className={`${s.muted} ${s.spacedSm}`}>{t('funds.explain')}</p>
      <FundsActions funds={funds} addFunds={selectAddFunds(snapshot)} fundsRefund={selectFundsRefund(snapshot)} />
      <CardPayments deposits={funds.cardDeposits} />
      <TransferDetails transfer={transfer} />
      {funds.deposits.length > 0 ? (
        <ul className={`${s.deposits} ${s.spacedSm}`} aria-label={t('funds.latest')}>
          {funds.deposits.slice(0, 3).map((deposit) => (
            <li key={deposit.id}>
              {t('funds.deposit', {
                date: f.date(deposit.createdAt),
                amount: f.money(deposit.amountCents),
                reference: deposit.reference,
              })}
            </li>
          ))}
        </ul>
      ) : funds.cardDeposits.length === 0 ? (
        <p className={`${s.muted} ${s.spacedSm}`}>{t('funds.none')}</p>
      ) : null}
      <p className={s.spacedSm}>
        <TextLink to="/documents">{t('funds.receipts')}</TextLink>
      </p>
    </Card>
  );
}

/**
 * The second way to add funds (docs/product.md §Advertiser onboarding): a bank transfer to the details the operator
 * published, with the advertiser's own reference, which the operator's deposit form recognises.
 */
function TransferDetails({ transfer }: { transfer: FundingDetails | null }) {
  const { t } = useMessages(advertiserMessages);
  if (!transfer) return null;
  return (
    <section className={`${s.transfer} ${s.spacedSm}`} aria-labelledby="transfer-title">
      <h3 id="transfer-title" className={s.subTitle}>
        {t('transfer.title')}
      </h3>
      <dl className={s.stats}>
        <div>
          <dt className={s.term}>{t('transfer.reference')}</dt>
          <dd className={`${s.value} ${s.reference}`}>{transfer.reference}</dd>
        </div>
      </dl>
      <p className={`${s.muted} ${s.spacedSm}`}>{t('transfer.explain')}</p>
      {transfer.instructions ? (
        <div className={s.spacedSm}>
          <p className={s.term}>{t('transfer.sendTo')}</p>
          <p className={s.longText}>{transfer.instructions}</p>
        </div>
      ) : (
        <p className={`${s.muted} ${s.spacedSm}`}>
          {withTags(t('transfer.unpublished'), {
            link: (text) => <TextLink to="/help-and-support">{text}</TextLink>,
          })}
        </p>
      )}
    </section>
  );
}

function CampaignCard({ campaign }: { campaign: Campaign }) {
  const status = campaignStatus[campaign.status];
  const counts = offerCounts(campaign);
  const figures = deliveryFigures(campaign);
  const { t, locale } = useMessages(advertiserMessages);
  const f = formatsIn(locale);
  const stats: [string, string][] = [
    // Pay per click (docs/product.md §Deliverables): the rate, with the pay as each creator's cap.
    campaign.perClickCents === null
      ? [t('campaigns.payPerCreator'), f.money(campaign.payCents)]
      : [
          t('campaigns.payPerClick'),
          t('campaigns.perClick', { rate: f.money(campaign.perClickCents), cap: f.money(campaign.payCents) }),
        ],
    [t('campaigns.spots'), f.count(campaign.spots)],
    [t('campaigns.openOffers'), f.count(counts.open)],
    [t('campaigns.accepted'), t('campaigns.acceptedOf', { accepted: counts.accepted, spots: campaign.spots })],
  ];
  return (
    <Card as="li" aria-labelledby={`campaign-${campaign.id}`}>
      <div className={s.cardHead}>
        <div>
          <h2 id={`campaign-${campaign.id}`} className={s.cardTitle}>
            <Link to={`/campaigns/${encodeURIComponent(campaign.id)}`} className={s.cardLink}>
              {campaign.title}
            </Link>
          </h2>
          <p className={s.muted}>{campaign.brand}</p>
        </div>
        <Chip tone={status.tone}>{t(CAMPAIGN_STATUS[campaign.status])}</Chip>
      </div>
      <dl className={s.stats}>
        {stats.map(([label, value]) => (
          <div key={label}>
            <dt className={s.term}>{label}</dt>
            <dd className={s.value}>{value}</dd>
          </div>
        ))}
      </dl>
      {figures ? <DeliveryLine figures={figures} /> : null}
    </Card>
  );
}
