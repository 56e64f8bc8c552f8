// The advertiser's reach per campaign (docs/product.md §Analytics) on the Campaigns screen, loaded after it.
import { useMachine } from '@xstate/react';
import { ANALYTICS_RANGES, type AnalyticsRange } from '@/contract/analytics';
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
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { LoadState } from '@/src/common/LoadState';
import * as s from '../marketplace/advertiser.css';
import { analyticsMessages, RANGE_IDS } from './catalogue';

/** Per campaign over a range (docs/product.md §Analytics): creators whose overlay showed it, display minutes, impressions, spend. */
export function ReachCard({ logic }: { logic?: CampaignReachLogic }) {
  const [snapshot, send] = useMachine(useCampaignReachLogic(logic), { inspect });
  const reach = selectReach(snapshot);
  const loading = selectReachLoading(snapshot);
  const failed = selectReachFailed(snapshot);
  const range = selectReachRange(snapshot);
  const error = selectReachError(snapshot);
  const reloading = selectReachReloading(snapshot);
  const { t, locale } = useMessages(analyticsMessages);
  const { count, money } = formatsIn(locale);
  if (loading || failed !== null)
    return (
      <LoadState
        loading={loading}
        error={failed}
        what={t('reach.loading')}
        onRetry={() => send({ type: 'reach.retry' })}
      />
    );
  if (!reach || reach.campaigns.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="reach-title" aria-busy={reloading}>
      <h2 id="reach-title" className={s.sectionTitle}>
        {t('reach.title')}
      </h2>
      <RadioGroup
        label={t('range')}
        name="reach-range"
        orientation="horizontal"
        value={range}
        onValueChange={(value) => send({ type: 'range.change', range: value as AnalyticsRange })}
        options={ANALYTICS_RANGES.map((value) => ({ value, label: t(RANGE_IDS[value]) }))}
        className={s.spacedSm}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Table
        className={s.spacedSm}
        caption={t('reach.caption', { range: t(RANGE_IDS[reach.range]) })}
        columns={[
          { key: 'campaign', header: t('reach.campaign') },
          { key: 'creators', header: t('reach.creators'), align: 'right' },
          { key: 'minutes', header: t('reach.minutes'), align: 'right' },
          { key: 'impressions', header: t('reach.impressions'), align: 'right' },
          { key: 'spend', header: t('reach.spend'), align: 'right' },
        ]}
        rows={reach.campaigns.map((campaign) => ({
          id: campaign.id,
          campaign: t('reach.row', { brand: campaign.brand, title: campaign.title }),
          creators: count(campaign.creatorsReached),
          minutes: count(campaign.displayMinutes),
          impressions: count(campaign.impressions),
          spend: t('reach.spendOf', { spend: money(campaign.spendCents), budget: money(campaign.budgetCents) }),
        }))}
        rowKey={(row) => row.id}
      />
      <p className={`${s.muted} ${s.spacedSm}`}>{t('reach.hint')}</p>
    </Card>
  );
}
