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
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { Icon } from '@/src/ui/Icon';
import { ScreenHeading } from '@/src/views/dashboard/ScreenHeading';
import * as s from './advertiser.css';
import { campaignStatus } from './labels';
import { LoadState } from '@/src/views/common/LoadState';

/** Campaigns (issue 13): the advertiser's campaigns with status, pay, spots and offers; New Campaign opens the editor. */
export function CampaignsScreen({ logic }: { logic?: CampaignListLogic }) {
  const [snapshot, send] = useMachine(useCampaignListLogic(logic), { inspect });
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
