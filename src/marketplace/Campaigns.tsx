import { useMachine } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import type { Campaign } from '@/contract';
import {
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
import { useAdvertiserFundsLogic, type AdvertiserFundsLogic } from '@/src/money/advertiserFunds';
import { selectFunds, selectFundsLoadError, selectFundsLoading } from '@/machines/money/advertiserFunds.select';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
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
  reach?: CampaignReachLogic;
}

/**
 * Campaigns (docs/product.md §Marketplace): the advertiser's funds (docs/product.md §Money), their reach per campaign (docs/product.md §Analytics), then their campaigns with
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
      <FundsCard logic={logic.funds} />
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

/** The balance free to reserve, what campaigns hold, and the latest deposits. */
function FundsCard({ logic }: { logic?: AdvertiserFundsLogic }) {
  const [snapshot, send] = useMachine(useAdvertiserFundsLogic(logic), { inspect });
  const funds = selectFunds(snapshot);
  const loading = selectFundsLoading(snapshot);
  const error = selectFundsLoadError(snapshot);
  if (loading || error !== null)
    return <LoadState loading={loading} error={error} what="funds" onRetry={() => send({ type: 'funds.retry' })} />;
  if (!funds) return null;
  return (
    <Card as="section" aria-labelledby="funds-title">
      <h2 id="funds-title" className={s.sectionTitle}>
        Funds
      </h2>
      <dl className={s.stats}>
        <div>
          <dt className={s.term}>Balance</dt>
          <dd className={s.value}>{formatMoney(funds.balanceCents)}</dd>
        </div>
        <div>
          <dt className={s.term}>Reserved by campaigns</dt>
          <dd className={s.value}>{formatMoney(funds.reservedCents)}</dd>
        </div>
      </dl>
      <p className={`${s.muted} ${s.spacedSm}`}>
        Launching a campaign reserves its pay × spots from your balance; what no creator earns returns when it ends or
        is cancelled. To add funds, send a bank transfer and tell Castbridge support its reference: an operator records
        it here.
      </p>
      {funds.deposits.length > 0 ? (
        <ul className={`${s.deposits} ${s.spacedSm}`} aria-label="Latest deposits">
          {funds.deposits.slice(0, 3).map((deposit) => (
            <li key={deposit.id}>
              {formatDate(deposit.createdAt)}: {formatMoney(deposit.amountCents)} · {deposit.reference}
            </li>
          ))}
        </ul>
      ) : (
        <p className={`${s.muted} ${s.spacedSm}`}>No deposits yet.</p>
      )}
    </Card>
  );
}

function CampaignCard({ campaign }: { campaign: Campaign }) {
  const status = campaignStatus[campaign.status];
  const counts = offerCounts(campaign);
  const stats: [string, string][] = [
    ['Pay per creator', formatMoney(campaign.payCents)],
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
    </Card>
  );
}
