import { useMachine } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { Campaign } from '@/contract';
import { formatCents } from '@/contract/marketplace';
import {
  offerCounts,
  selectCampaigns,
  selectCampaignsError,
  selectCampaignsFailed,
  selectCampaignsLoading,
  selectCampaignsReady,
} from '@/machines/advertiser/campaignList.select';
import { inspect } from '@/src/app/inspect';
import { useCampaignListLogic, type CampaignListLogic } from '@/src/services/campaignList';
import { useAdvertiserFundsLogic, type AdvertiserFundsLogic } from '@/src/services/advertiserFunds';
import { selectFunds, selectFundsLoadError, selectFundsLoading } from '@/machines/advertiser/advertiserFunds.select';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { Icon } from '@/src/ui/Icon';
import { ScreenHeading } from '@/src/views/dashboard/ScreenHeading';
import * as s from './advertiser.css';
import { campaignStatus, formatDay } from './labels';
import { LoadState } from '@/src/views/common/LoadState';
import { ANALYTICS_RANGES, RANGE_LABELS, type AnalyticsRange } from '@/contract/analytics';
import { selectReach, selectReachError, selectReachFailed, selectReachLoading, selectReachRange, selectReachReloading } from '@/machines/advertiser/campaignReach.select';
import { useCampaignReachLogic, type CampaignReachLogic } from '@/src/services/campaignReach';
import { Alert } from '@/src/ui/Alert';
import { RadioGroup } from '@/src/ui/RadioGroup';
import { Table } from '@/src/ui/Table';

export interface CampaignsScreenLogic {
  list?: CampaignListLogic;
  funds?: AdvertiserFundsLogic;
  reach?: CampaignReachLogic;
}

/**
 * Campaigns (issue 13): the advertiser's funds (issue 14), their reach per campaign (issue 17), then their campaigns with
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
      <ReachCard logic={logic.reach} />
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
  if (loading || error !== null) return <LoadState loading={loading} error={error} what="funds" onRetry={() => send({ type: 'funds.retry' })} />;
  if (!funds) return null;
  return (
    <Card as="section" aria-labelledby="funds-title">
      <h2 id="funds-title" className={s.sectionTitle}>
        Funds
      </h2>
      <dl className={s.stats}>
        <div>
          <dt className={s.term}>Balance</dt>
          <dd className={s.value}>{formatCents(funds.balanceCents)}</dd>
        </div>
        <div>
          <dt className={s.term}>Reserved by campaigns</dt>
          <dd className={s.value}>{formatCents(funds.reservedCents)}</dd>
        </div>
      </dl>
      <p className={`${s.muted} ${s.spacedSm}`}>
        Launching a campaign reserves its pay × spots from your balance; what no creator earns returns when it ends or is cancelled. To add funds, send a bank
        transfer and tell Castbridge support its reference: an operator records it here.
      </p>
      {funds.deposits.length > 0 ? (
        <ul className={`${s.deposits} ${s.spacedSm}`} aria-label="Latest deposits">
          {funds.deposits.slice(0, 3).map((deposit) => (
            <li key={deposit.id}>
              {formatDay(deposit.createdAt.slice(0, 10))}: {formatCents(deposit.amountCents)} · {deposit.reference}
            </li>
          ))}
        </ul>
      ) : (
        <p className={`${s.muted} ${s.spacedSm}`}>No deposits yet.</p>
      )}
    </Card>
  );
}

const whole = (value: number) => value.toLocaleString('en-US');

/** Per campaign over a range (issue 17): creators whose overlay showed it, display minutes, impressions, spend. */
function ReachCard({ logic }: { logic?: CampaignReachLogic }) {
  const [snapshot, send] = useMachine(useCampaignReachLogic(logic), { inspect });
  const reach = selectReach(snapshot);
  const loading = selectReachLoading(snapshot);
  const failed = selectReachFailed(snapshot);
  const range = selectReachRange(snapshot);
  const error = selectReachError(snapshot);
  const reloading = selectReachReloading(snapshot);
  if (loading || failed !== null) return <LoadState loading={loading} error={failed} what="campaign figures" onRetry={() => send({ type: 'reach.retry' })} />;
  if (!reach || reach.campaigns.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="reach-title" aria-busy={reloading}>
      <h2 id="reach-title" className={s.sectionTitle}>
        Reach
      </h2>
      <RadioGroup
        label="Range"
        name="reach-range"
        orientation="horizontal"
        value={range}
        onValueChange={(value) => send({ type: 'range.change', range: value as AnalyticsRange })}
        options={ANALYTICS_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] }))}
        className={s.spacedSm}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Table
        className={s.spacedSm}
        caption={`Your campaigns' reach in ${RANGE_LABELS[reach.range]}`}
        columns={[
          { key: 'campaign', header: 'Campaign' },
          { key: 'creators', header: 'Creators reached', align: 'right' },
          { key: 'minutes', header: 'Display minutes', align: 'right' },
          { key: 'impressions', header: 'Impressions', align: 'right' },
          { key: 'spend', header: 'Spend of budget', align: 'right' },
        ]}
        rows={reach.campaigns.map((campaign) => ({
          id: campaign.id,
          campaign: `${campaign.brand}: ${campaign.title}`,
          creators: whole(campaign.creatorsReached),
          minutes: whole(campaign.displayMinutes),
          impressions: whole(campaign.impressions),
          spend: `${formatCents(campaign.spendCents)} of ${formatCents(campaign.budgetCents)}`,
        }))}
        rowKey={(row) => row.id}
      />
      <p className={`${s.muted} ${s.spacedSm}`}>
        Creators reached: creators whose overlay showed the campaign in the range. Impressions: display minutes × the concurrent viewers sampled on their
        channels at the time. Spend: what completed offers cost (pay, fee included) against pay × spots.
      </p>
    </Card>
  );
}

function CampaignCard({ campaign }: { campaign: Campaign }) {
  const status = campaignStatus[campaign.status];
  const counts = offerCounts(campaign);
  const stats: [string, string][] = [
    ['Pay per creator', formatCents(campaign.payCents)],
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
