import { useMachine } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Campaign, FundingDetails } from '@/contract';
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
import { formatDate, formatMoney } from '@/src/common/format';
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
  return (
    <div className={s.page}>
      <ScreenHeading title="Campaigns">
        <Button variant="dashboard" asChild>
          <Link to="/campaigns/new">
            <Icon name="plus" size={18} />
            New Campaign
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
        what="campaigns"
        onRetry={() => send({ type: 'campaigns.retry' })}
      />
      {selectCampaignsReady(snapshot) && campaigns.length === 0 ? (
        <Card>
          <p className={s.empty}>No campaigns yet. Create one to reach creators who fit your brand.</p>
        </Card>
      ) : null}
      {campaigns.length > 0 ? (
        <ul className={s.list} aria-label="Campaigns">
          {campaigns.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** What each step asks for, with where to do it (docs/product.md §Advertiser onboarding). */
const STEP_TEXT: Record<ChecklistStepId, { title: string; hint: string }> = {
  profile: { title: 'Send your company profile', hint: 'Company name, website and contact, for review.' },
  approval: {
    title: 'Castbridge approves it',
    hint: 'Campaigns launch only once your company profile is approved; you are notified.',
  },
  funds: { title: 'Add funds', hint: 'By card, US bank debit or a bank transfer; see Funds below.' },
  campaign: { title: 'Create a campaign', hint: 'A draft: brand, pay per creator, spots, targeting.' },
  launch: { title: 'Launch it', hint: 'Launching reserves pay × spots from your balance and matches creators.' },
};

const STATE_CHIP: Record<ChecklistStepState, { label: string; tone: ChipTone }> = {
  done: { label: 'Done', tone: 'success' },
  todo: { label: 'To do', tone: 'neutral' },
  waiting: { label: 'Waiting for review', tone: 'warning' },
  refused: { label: 'Not approved', tone: 'danger' },
};

/** Where a step is done: null when there is nothing to open (the review is Castbridge's). */
function stepLink(step: ChecklistStep, draftId: string | null): { to: string; label: string } | null {
  if (step.state === 'done') return null;
  switch (step.id) {
    case 'profile':
      return { to: '/company-profile', label: 'Open Company Profile' };
    case 'approval':
      return step.state === 'refused' ? { to: '/company-profile', label: 'See why and send it again' } : null;
    case 'funds':
      return { to: '#funds', label: 'See how to add funds' };
    case 'campaign':
      return { to: '/campaigns/new', label: 'New Campaign' };
    case 'launch':
      return draftId ? { to: `/campaigns/${encodeURIComponent(draftId)}`, label: 'Open the draft' } : null;
  }
}

/** Getting started: company profile → approval → funds → campaign → launch, each step's state, until the first launch. */
function ChecklistCard({ logic }: { logic?: AdvertiserChecklistLogic }) {
  const [snapshot, send] = useMachine(useAdvertiserChecklistLogic(logic), { inspect });
  const steps = selectChecklistSteps(snapshot);
  const draftId = selectChecklistDraftId(snapshot);
  const loading = selectChecklistLoading(snapshot);
  const error = selectChecklistError(snapshot);
  if (loading || error !== null)
    return (
      <LoadState loading={loading} error={error} what="checklist" onRetry={() => send({ type: 'checklist.retry' })} />
    );
  if (!steps) return null;
  return (
    <Card as="section" aria-labelledby="checklist-title">
      <h2 id="checklist-title" className={s.sectionTitle}>
        Getting started
      </h2>
      <p className={s.muted}>Your first campaign launches once these are done, in this order.</p>
      <ol className={`${s.checklist} ${s.spacedSm}`} aria-label="Getting started">
        {steps.map((step) => {
          const text = STEP_TEXT[step.id];
          const chip = STATE_CHIP[step.state];
          const link = stepLink(step, draftId);
          return (
            <li key={step.id} className={s.checkStep} aria-current={step.current ? 'step' : undefined}>
              <div className={s.spread}>
                <span className={s.checkTitle}>{text.title}</span>
                <Chip tone={chip.tone}>{chip.label}</Chip>
              </div>
              <p className={s.muted}>{text.hint}</p>
              {link ? (
                link.to.startsWith('#') ? (
                  <a href={link.to} className={s.checkLink}>
                    {link.label}
                  </a>
                ) : (
                  <TextLink to={link.to} className={s.checkLink}>
                    {link.label}
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
  if (loading || error !== null)
    return <LoadState loading={loading} error={error} what="funds" onRetry={() => send({ type: 'funds.retry' })} />;
  if (!funds) return null;
  return (
    <Card as="section" id="funds" aria-labelledby="funds-title">
      <h2 id="funds-title" className={s.sectionTitle}>
        Funds
      </h2>
      <PaymentReturnNotice actorRef={depositReturn} />
      <OwedNotice funds={funds} />
      <dl className={s.stats}>
        <div>
          <dt className={s.term}>Balance</dt>
          <dd className={s.value}>{formatMoney(funds.balanceCents)}</dd>
        </div>
        <div>
          <dt className={s.term}>Reserved by campaigns</dt>
          <dd className={s.value}>{formatMoney(funds.reservedCents)}</dd>
        </div>
        <HeldAmounts funds={funds} />
      </dl>
      <p className={`${s.muted} ${s.spacedSm}`}>
        Launching a campaign reserves its pay × spots from your balance; what no creator earns returns when it ends or
        is cancelled.
      </p>
      <FundsActions funds={funds} addFunds={selectAddFunds(snapshot)} fundsRefund={selectFundsRefund(snapshot)} />
      <CardPayments deposits={funds.cardDeposits} />
      <TransferDetails transfer={transfer} />
      {funds.deposits.length > 0 ? (
        <ul className={`${s.deposits} ${s.spacedSm}`} aria-label="Latest deposits">
          {funds.deposits.slice(0, 3).map((deposit) => (
            <li key={deposit.id}>
              {formatDate(deposit.createdAt)}: {formatMoney(deposit.amountCents)} · {deposit.reference}
            </li>
          ))}
        </ul>
      ) : funds.cardDeposits.length === 0 ? (
        <p className={`${s.muted} ${s.spacedSm}`}>No deposits yet.</p>
      ) : null}
      <p className={s.spacedSm}>
        <TextLink to="/documents">Receipts for your deposits and refunds</TextLink>
      </p>
    </Card>
  );
}

/**
 * The second way to add funds (docs/product.md §Advertiser onboarding): a bank transfer to the details the operator
 * published, with the advertiser's own reference, which the operator's deposit form recognises.
 */
function TransferDetails({ transfer }: { transfer: FundingDetails | null }) {
  if (!transfer) return null;
  return (
    <section className={`${s.transfer} ${s.spacedSm}`} aria-labelledby="transfer-title">
      <h3 id="transfer-title" className={s.subTitle}>
        Add funds by bank transfer
      </h3>
      <dl className={s.stats}>
        <div>
          <dt className={s.term}>Your transfer reference</dt>
          <dd className={`${s.value} ${s.reference}`}>{transfer.reference}</dd>
        </div>
      </dl>
      <p className={`${s.muted} ${s.spacedSm}`}>
        Write this reference on the transfer: it tells Castbridge the money is yours, and an operator records it here
        when it arrives.
      </p>
      {transfer.instructions ? (
        <div className={s.spacedSm}>
          <p className={s.term}>Send it to</p>
          <p className={s.longText}>{transfer.instructions}</p>
        </div>
      ) : (
        <p className={`${s.muted} ${s.spacedSm}`}>
          Castbridge has not published its bank details yet: ask for them in{' '}
          <TextLink to="/help-and-support">Help and Support</TextLink>, quoting your reference.
        </p>
      )}
    </section>
  );
}

function CampaignCard({ campaign }: { campaign: Campaign }) {
  const status = campaignStatus[campaign.status];
  const counts = offerCounts(campaign);
  const figures = deliveryFigures(campaign);
  const stats: [string, string][] = [
    // Pay per click (docs/product.md §Deliverables): the rate, with the pay as each creator's cap.
    campaign.perClickCents === null
      ? ['Pay per creator', formatMoney(campaign.payCents)]
      : ['Pay per click', `${formatMoney(campaign.perClickCents)} up to ${formatMoney(campaign.payCents)}`],
    ['Spots', String(campaign.spots)],
    ['Open offers', String(counts.open)],
    ['Accepted', `${counts.accepted} of ${campaign.spots}`],
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
        <Chip tone={status.tone}>{status.label}</Chip>
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
