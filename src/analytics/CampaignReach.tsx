// The advertiser's reach per campaign (docs/product.md §Analytics) on the Campaigns screen, loaded after it.
import { useMachine } from '@xstate/react';
import { ANALYTICS_RANGES, RANGE_LABELS, type AnalyticsRange } from '@/contract/analytics';
import {
  selectReach,
  selectReachError,
  selectReachFailed,
  selectReachLoading,
  selectReachRange,
  selectReachReloading,
} from '@/machines/analytics/campaignReach.select';
import { inspect } from '@/src/app/inspect';
import { useCampaignReachLogic, type CampaignReachLogic } from '@/src/analytics/campaignReach';
import { Alert } from '@/src/ui/Alert';
import { Card } from '@/src/ui/Card';
import { RadioGroup } from '@/src/ui/RadioGroup';
import { Table } from '@/src/ui/Table';
import { formatCount, formatMoney } from '@/src/common/format';
import { LoadState } from '@/src/common/LoadState';
import * as s from '../marketplace/advertiser.css';

/** Per campaign over a range (docs/product.md §Analytics): creators whose overlay showed it, display minutes, impressions, spend. */
export function ReachCard({ logic }: { logic?: CampaignReachLogic }) {
  const [snapshot, send] = useMachine(useCampaignReachLogic(logic), { inspect });
  const reach = selectReach(snapshot);
  const loading = selectReachLoading(snapshot);
  const failed = selectReachFailed(snapshot);
  const range = selectReachRange(snapshot);
  const error = selectReachError(snapshot);
  const reloading = selectReachReloading(snapshot);
  if (loading || failed !== null)
    return (
      <LoadState
        loading={loading}
        error={failed}
        what="campaign figures"
        onRetry={() => send({ type: 'reach.retry' })}
      />
    );
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
          creators: formatCount(campaign.creatorsReached),
          minutes: formatCount(campaign.displayMinutes),
          impressions: formatCount(campaign.impressions),
          spend: `${formatMoney(campaign.spendCents)} of ${formatMoney(campaign.budgetCents)}`,
        }))}
        rowKey={(row) => row.id}
      />
      <p className={`${s.muted} ${s.spacedSm}`}>
        Creators reached: creators whose overlay showed the campaign in the range. Impressions: display minutes × the
        concurrent viewers sampled on their channels at the time. Spend: what completed offers cost (pay, fee included)
        against pay × spots.
      </p>
    </Card>
  );
}
